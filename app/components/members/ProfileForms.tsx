import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { ValidatedForm } from "remix-validated-form";
import { BIO_MAX, DELETE_IMAGE_QUESTION, profileValidator } from "../../members/schemas";
import type { GalleryImage } from "../../../core/images";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, SubmitButton } from "../forms/FormParts";
import { DeleteImageButton } from "./DeleteImageButton";
import { TextAreaField } from "../forms/TextAreaField";

function fieldErrorOf(value: unknown, name: string): string | null {
  if (value && typeof value === "object" && "fieldErrors" in value && value.fieldErrors && typeof value.fieldErrors === "object") {
    const message: unknown = (value.fieldErrors as Record<string, unknown>)[name];
    return typeof message === "string" ? message : null;
  }
  return null;
}

/** True while this page's form with the given intent is being sent (uploads keep their button disabled until done). */
function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function ProfileDetailsForm({ bio, twitterUsername, action, redirectTo }: { bio: string; twitterUsername: string; action: string; redirectTo?: string }) {
  return (
    <ValidatedForm validator={profileValidator} method="post" action={action} id="profile-details" defaultValues={{ bio, twitterUsername }} noValidate className="form-stack">
      <input type="hidden" name="intent" value="profile" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextAreaField formId="profile-details" name="bio" label="Bio" max={BIO_MAX} hint="A few words about you and your dogs, as plain text. Shown on your public profile." />
      <TextField formId="profile-details" name="twitterUsername" label="Twitter username" optional maxLength={40} hint="Letters, numbers and underscores, up to 15 characters." />
      <div className="form-actions">
        <SubmitButton pending="Saving…">Save profile</SubmitButton>
      </div>
    </ValidatedForm>
  );
}

/** Without JavaScript, 'Delete profile image' reloads the page with this parameter and the page asks first. */
const ASK_DELETE_PARAM = "delete-image";

export function ProfileImageForms({ image, action, redirectTo }: { image: GalleryImage | null; action: string; redirectTo?: string }) {
  const [searchParams] = useSearchParams();
  const asked = searchParams.has(ASK_DELETE_PARAM);
  const actionData: unknown = useActionData();
  const sending = useSending("profile-image");
  const removing = useSending("remove-profile-image");
  const error = fieldErrorOf(actionData, "image");
  return (
    <div className="profile-image-forms">
      <div className="profile-image" data-state={image ? "set" : "none"}>
        {image ? (
          <img src={image.versions["6"]?.url} width={160} height={120} alt="Your profile image" className="profile-image__img" />
        ) : (
          <p className="profile-image__none">You have no profile image yet.</p>
        )}
      </div>
      <Form method="post" action={action} encType="multipart/form-data" className="form-stack" id="profile-image-form">
        <input type="hidden" name="intent" value="profile-image" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ImageFileField inputId="profile-image-file" idBase="profile-image" name="image" label={image ? "Change your profile image" : "Add a profile image"} error={error} />
        <UploadButton sending={sending}>{image ? "Change image" : "Upload image"}</UploadButton>
      </Form>
      {image && asked ? (
        <div className="form-alert" role="alert">
          <p>{DELETE_IMAGE_QUESTION}</p>
          <Form method="post" action={action} className="form-actions">
            <input type="hidden" name="intent" value="remove-profile-image" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <button type="submit" className="button button--accent" disabled={removing} aria-busy={removing || undefined}>
              {removing ? "Removing…" : "Yes, delete it"}
            </button>
            <Link to={action} className="button button--quiet">
              No, keep it
            </Link>
          </Form>
        </div>
      ) : image ? (
        <DeleteImageButton
          label="Delete profile image"
          busyLabel="Removing…"
          busy={removing}
          action={action}
          fields={{ intent: "remove-profile-image", ...(redirectTo ? { redirectTo } : {}) }}
          askAction={action}
          askParam={ASK_DELETE_PARAM}
        />
      ) : null}
    </div>
  );
}

/** An image file input with its label, hint and error (`${idBase}-hint`, `${idBase}-error`). */
function ImageFileField({ inputId, idBase, name, label, hint, multiple, error }: { inputId: string; idBase: string; name: string; label: string; hint?: string; multiple?: boolean; error: string | null }) {
  const describedBy = [hint ? `${idBase}-hint` : null, error ? `${idBase}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${idBase}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input id={inputId} type="file" name={name} accept="image/*" multiple={multiple} className="field__input" aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
      {error ? (
        <p id={`${idBase}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The upload form's button: "Uploading…" and disabled while the upload runs. */
function UploadButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
        {sending ? "Uploading…" : children}
      </button>
    </div>
  );
}

export function GalleryUploadForm({ action, redirectTo }: { action: string; redirectTo?: string }) {
  const actionData: unknown = useActionData();
  const sending = useSending("gallery");
  const error = fieldErrorOf(actionData, "photos");
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="form-stack" id="gallery-upload-form">
      <input type="hidden" name="intent" value="gallery" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <ImageFileField
        inputId="gallery-photos"
        idBase="gallery-photos"
        name="photos"
        label="Add photos to your gallery"
        hint="Up to 10 at a time: JPEG, PNG, WebP, GIF or HEIC, under 15 MB each."
        multiple
        error={error}
      />
      <UploadButton sending={sending}>Upload photos</UploadButton>
    </Form>
  );
}

/** The message of a failed profile form that has no field of its own (an upload refused, a bad intent). */
export function ProfileFormAlert() {
  const actionData: unknown = useActionData();
  const hasFieldError = fieldErrorOf(actionData, "image") || fieldErrorOf(actionData, "photos");
  return hasFieldError ? null : <FormAlert message={formErrorOf(actionData)} />;
}
