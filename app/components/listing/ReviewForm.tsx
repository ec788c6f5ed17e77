import { Link, useActionData, type FetcherWithComponents } from "@remix-run/react";
import { useCallback, useState, type ChangeEvent } from "react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { charactersStillNeeded, REVIEW_MAX_CHARACTERS, REVIEW_TITLE_MAX, reviewValidator } from "../../reviews/schemas";
import { Captcha, type CaptchaFallbackData } from "../forms/Captcha";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf } from "../forms/FormParts";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import { ImageUploader } from "../gallery/ImageUploader";

export interface ReviewPageData {
  listing: { id: number; url: string; title: string; fullTitle: string };
  captcha: CaptchaFallbackData;
  /** The form's key: a retried submission returns the first review (decision 0258). */
  clientKey: string;
  admin: boolean;
  unverifiedEmail: string | null;
}

const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** Rating 1-5 as a group of radio buttons: arrow keys move between stars, the label says how many. */
function StarRating() {
  const { error, getInputProps } = useField("rating");
  return (
    <fieldset className={`field star-rating${error ? " field--invalid" : ""}`} aria-describedby={error ? "review-rating-error" : undefined}>
      <legend className="field__label">Your rating</legend>
      <div className="star-rating__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="star-rating__option">
            <input {...getInputProps({ type: "radio", value: String(value) })} className="star-rating__input" />
            <span className="star-rating__star" aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">
              {value} {value === 1 ? "star" : "stars"}: {STAR_WORDS[value]}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="review-rating-error" className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The review text with the spec's counter: how many characters are still needed, then a done note. */
function ReviewText() {
  const { error, getInputProps, defaultValue } = useField("content");
  const [text, setText] = useState(typeof defaultValue === "string" ? defaultValue : "");
  const needed = charactersStillNeeded(text);
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor="review-content" className="field__label">
        Your review
      </label>
      <textarea
        {...getInputProps({ id: "review-content", onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value) })}
        className="field__input review-form__text"
        rows={8}
        maxLength={REVIEW_MAX_CHARACTERS}
        aria-invalid={error ? true : undefined}
        aria-describedby={`review-counter${error ? " review-content-error" : ""}`}
      />
      <p id="review-counter" className={`review-form__counter${needed === 0 ? " review-form__counter--done" : ""}`} aria-live="polite">
        {needed === 0 ? "Done: that's long enough. Thank you!" : `${needed} more ${needed === 1 ? "character" : "characters"} needed (at least 100)`}
      </p>
      {error ? (
        <p id="review-content-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ReviewSubmit({ uploading }: { uploading: boolean }) {
  const submitting = useIsSubmitting();
  return (
    <button type="submit" className="button button--accent" disabled={submitting || uploading} aria-busy={submitting || undefined}>
      {submitting ? "Sending…" : uploading ? "Waiting for photos…" : "Send my review"}
    </button>
  );
}

export function ReviewForm({ data, fetcher }: { data: ReviewPageData; fetcher?: FetcherWithComponents<unknown> }) {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const actionData: unknown = useActionData();
  const result: unknown = fetcher ? fetcher.data : actionData;
  return (
    <ValidatedForm validator={reviewValidator} method="post" action={`${data.listing.url}/review`} encType="multipart/form-data" id="review" fetcher={fetcher} noValidate className="form-stack review-form">
      <FormAlert message={formErrorOf(result)} />
      <input type="hidden" name="clientKey" value={data.clientKey} />
      <StarRating />
      <TextField formId="review" name="title" label="Title" optional maxLength={REVIEW_TITLE_MAX} />
      <ReviewText />
      <ImageUploader name="gallery" label="Photos of your visit (optional)" initial={[]} onBusyChange={onBusyChange} />
      <Captcha fallback={data.captcha} formId="review" version={result} />
      <p className="form-lead">{data.admin ? "As an administrator, your review is published at once." : "Our team checks every review before it appears."}</p>
      {data.unverifiedEmail ? <p className="field__hint">Confirm your email address to collect the Treat Points for this review: until then they are kept as pending.</p> : null}
      <div className="form-actions">
        <ReviewSubmit uploading={uploading} />
      </div>
    </ValidatedForm>
  );
}

/** "Write a review": the review page, or with JavaScript the same form in a modal (members; visitors go to log in). */
export function WriteReviewLink({ listingUrl, member }: { listingUrl: string; member: boolean }) {
  const href = `${listingUrl}/review`;
  if (!member) {
    return (
      <Link to={href} className="button button--accent">
        Write a review
      </Link>
    );
  }
  return (
    <SettingsModalLink<ReviewPageData>
      href={href}
      className="button button--accent"
      label="Write a review"
      title="Write a review"
      render={(data, fetcher) => <ReviewForm data={data} fetcher={fetcher} />}
    />
  );
}
