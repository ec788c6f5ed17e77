// The profile forms' one action, used by /account/edit-profile and by the owner's controls on
// /profile/{username}: the member always comes from the session, the intent picks the change.
import { redirectWithFlash } from "../auth/flash.server";
import { validateForm } from "../auth/forms.server";
import type { SessionUser } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { AppError } from "../../core/errors";
import { filesOf, MAX_FILES_PER_FORM, readUploadForm } from "../uploads/multipart.server";
import { UPLOAD_MESSAGES } from "../../media/images.server";
import { answerErrors, textField } from "./forms.server";
import { addGalleryImages, PROFILE_MESSAGES, removeProfileImage, setProfileImage, updateProfile } from "./profile.server";
import { profileValidator } from "./schemas";

async function done(form: FormData, message: string) {
  const target = safeRedirect(textField(form, "redirectTo", 200) || null, "/account/edit-profile");
  return redirectWithFlash(target, message);
}

export async function profileAction(request: Request, user: SessionUser) {
  return answerErrors(async () => {
    const form = await readUploadForm(request, MAX_FILES_PER_FORM);
    const intent = textField(form, "intent", 30);
    if (intent === "profile") {
      const valid = await validateForm(profileValidator, form);
      if (!valid.ok) return valid.response;
      await updateProfile(user, valid.data);
      return done(form, PROFILE_MESSAGES.details);
    }
    if (intent === "profile-image") {
      const [file] = filesOf(form, "image");
      if (!file) throw new AppError(400, UPLOAD_MESSAGES.missing, { fieldErrors: { image: UPLOAD_MESSAGES.missing } });
      await setProfileImage(user, Buffer.from(await file.arrayBuffer()));
      return done(form, PROFILE_MESSAGES.imageSet);
    }
    if (intent === "remove-profile-image") {
      await removeProfileImage(user);
      return done(form, PROFILE_MESSAGES.imageRemoved);
    }
    if (intent === "gallery") {
      const files = filesOf(form, "photos");
      if (files.length === 0) throw new AppError(400, UPLOAD_MESSAGES.missing, { fieldErrors: { photos: UPLOAD_MESSAGES.missing } });
      if (files.length > MAX_FILES_PER_FORM) throw new AppError(400, `Please add at most ${MAX_FILES_PER_FORM} photos at a time.`);
      await addGalleryImages(user, await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer()))));
      return done(form, PROFILE_MESSAGES.galleryAdded);
    }
    throw new AppError(400, "Sorry, there was a problem. Please try again.");
  });
}
