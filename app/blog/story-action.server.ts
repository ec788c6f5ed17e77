// /bark-out/submit's loader and action work, so the route module stays a thin view.
import { AppError } from "../../core/errors";
import { data, type AppLoadContext } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { checkHoneypot, validateForm } from "../auth/forms.server";
import { getSessionUser } from "../auth/guards.server";
import { checkCaptcha, createFallbackQuestion } from "../captcha/captcha.server";
import { getEnv } from "../env.server";
import { formErrorResponse } from "../error-response.server";
import { uploaderOf } from "../uploads/uploader.server";
import { answerForm, readPhotoForm, uploadFormPhotos } from "./forms.server";
import { memberStoryValidator, visitorStoryValidator } from "./schemas";
import { submitStory } from "./story.server";

export async function storyPage(request: Request, context: AppLoadContext | undefined) {
  const user = await getSessionUser(request);
  return { member: user !== null, captcha: createFallbackQuestion("story", clientOf(request, context).ip), points: getEnv().STORY_POINTS };
}

/** Photos come with the form when JavaScript is off; with it they were uploaded already and only their ids come. */
export async function storyAction(request: Request, context: AppLoadContext | undefined) {
  const user = await getSessionUser(request);
  const { form, refused } = await readPhotoForm(request);
  if (refused) return refused;
  const valid = await validateForm(user ? memberStoryValidator : visitorStoryValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    checkHoneypot(form);
    if (!user) await checkCaptcha(form, "story", clientOf(request, context).ip);
    const { uploader } = await uploaderOf(request, { issue: true });
    let uploaded: string[];
    try {
      uploaded = await uploadFormPhotos(uploader, form);
    } catch (error) {
      // The photos field shows why its photos were refused.
      if (error instanceof AppError) return formErrorResponse(new AppError(error.status, error.message, { fieldErrors: { gallery: error.message }, cause: error }));
      throw error;
    }
    await submitStory({ ...valid.data, gallery: [...valid.data.gallery, ...uploaded] }, user, uploader, clientOf(request, context).ip);
    return data({ storySent: true as const });
  });
}
