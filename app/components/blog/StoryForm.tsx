import { Link, useActionData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFormContext, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { memberStoryValidator, STORY_FIELD_MAX, visitorStoryValidator } from "../../blog/schemas";
import { Captcha, type CaptchaFallbackData } from "../forms/Captcha";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Honeypot } from "../forms/FormParts";
import { TextAreaField } from "../forms/TextAreaField";
import { ImageUploader } from "../gallery/ImageUploader";

export interface StoryPageData {
  member: boolean;
  captcha: CaptchaFallbackData;
  points: number;
}

function SendStory({ uploading }: { uploading: boolean }) {
  const submitting = useIsSubmitting("story");
  return (
    <button type="submit" className="button button--accent" disabled={submitting || uploading} aria-busy={submitting || undefined}>
      {submitting ? "Sending…" : uploading ? "Waiting for photos…" : "Send my story"}
    </button>
  );
}

function storySentOf(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && "storySent" in value && value.storySent === true);
}

/** After a failed submission, scrolls the first inline error into view below the header (public-directory.md §5: header height plus 10). */
function ScrollToFirstError() {
  const { fieldErrors } = useFormContext("story");
  const first = Object.keys(fieldErrors)[0];
  useEffect(() => {
    if (!first) return;
    window.requestAnimationFrame(() => {
      const error = document.querySelector<HTMLElement>("#story .field--invalid");
      if (!error) return;
      const header = document.querySelector<HTMLElement>(".site-header")?.offsetHeight ?? 0;
      window.scrollTo({ top: error.getBoundingClientRect().top + window.scrollY - header - 10 });
    });
  }, [first]);
  return null;
}

/** The story form; the thank-you replaces it once sent (public-directory.md §4). */
export function StoryForm({ data }: { data: StoryPageData }) {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const result: unknown = useActionData();
  const thanks = useRef<HTMLDivElement>(null);
  const sent = storySentOf(result);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  if (sent) {
    return (
      <div className="story-success" role="status" tabIndex={-1} ref={thanks}>
        <h2>Your story has been sent!</h2>
        <p>Thank you. Our team will take a look at it. If your story appears on Bark Out, you will be awarded Treat Points{data.member ? "" : " (log in or join with the same email address to collect them)"}.</p>
        <p>
          <Link to="/bark-out">Back to Bark Out</Link>
        </p>
      </div>
    );
  }
  return (
    <ValidatedForm
      validator={data.member ? memberStoryValidator : visitorStoryValidator}
      method="post"
      action="/bark-out/submit"
      encType="multipart/form-data"
      id="story"
      noValidate
      className="form-stack story-form"
    >
      <ScrollToFirstError />
      <FormAlert message={formErrorOf(result)} />
      {data.member ? null : (
        <>
          <TextField formId="story" name="name" label="Your name" autoComplete="name" maxLength={100} />
          <TextField formId="story" name="email" label="Your email address" type="email" autoComplete="email" maxLength={254} hint="So we can tell you when your story appears. We never show it." />
        </>
      )}
      <TextAreaField formId="story" name="likes" label="What does your dog enjoy?" hint="Their favourite things: games, treats, people, places." max={STORY_FIELD_MAX} optional={false} />
      <TextAreaField formId="story" name="favourite-walks" label="What kind of walks does your dog enjoy?" hint="Woodland, beaches, hills, rivers, towns…" max={STORY_FIELD_MAX} optional={false} />
      <TextAreaField formId="story" name="walk-activities" label="What does your dog get up to on your walks?" hint="Swimming, chasing, sniffing, making friends…" max={STORY_FIELD_MAX} optional={false} />
      <ImageUploader name="gallery" label="Photos of your dog (optional)" initial={[]} onBusyChange={onBusyChange} />
      <Honeypot />
      {data.member ? null : <Captcha fallback={data.captcha} formId="story" version={result} />}
      <div className="form-actions">
        <SendStory uploading={uploading} />
      </div>
    </ValidatedForm>
  );
}
