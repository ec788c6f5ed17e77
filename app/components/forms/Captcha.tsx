import type {} from "altcha/types/react";
import { useEffect, useRef, useState } from "react";
import { useField } from "remix-validated-form";
import { FieldError } from "./Field";

export interface CaptchaFallbackData {
  /** The form the question (and the widget's challenge) is made for. */
  form: string;
  question: string;
  token: string;
}

/**
 * The captcha of a form. With JavaScript: the ALTCHA widget (served from this site's own bundle),
 * which solves a proof-of-work challenge from /captcha/challenge. Without: a small question whose
 * signed answer the server checks. `version` changes after each submission so a used solution is
 * never sent twice.
 */
export function Captcha({ fallback, formId, version }: { fallback: CaptchaFallbackData; formId?: string; version?: unknown }) {
  const [enhanced, setEnhanced] = useState(false);
  const [generation, setGeneration] = useState(0);
  const { error } = useField("captcha");
  const id = `${formId ?? "form"}-captcha`;
  const answer = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    import("altcha").then(() => {
      // An answer typed before the script arrived is kept: the question stays instead of the widget.
      if (live && !answer.current?.value) setEnhanced(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (version !== undefined) setGeneration((value) => value + 1);
  }, [version]);

  return (
    <div className={`field captcha${error ? " field--invalid" : ""}`}>
      {enhanced ? (
        <div key={generation}>
          <altcha-widget challenge={`/captcha/challenge?form=${encodeURIComponent(fallback.form)}`} name="altcha" />
        </div>
      ) : (
        <>
          <label htmlFor={id} className="field__label">
            {fallback.question}
          </label>
          <input ref={answer} id={id} name="captchaAnswer" className="field__input field__input--short" inputMode="numeric" autoComplete="off" maxLength={3} aria-describedby={error ? `${id}-error` : undefined} />
          <input type="hidden" name="captchaToken" value={fallback.token} />
        </>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
