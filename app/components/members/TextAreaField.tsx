import { useState, type ChangeEvent } from "react";
import { useField } from "remix-validated-form";

/** A plain-text area with a live count of the characters left (the count is only a hint: the server checks the limit). */
export function TextAreaField({ name, label, formId, max, hint, rows = 5 }: { name: string; label: string; formId: string; max: number; hint?: string; rows?: number }) {
  const { error, getInputProps, defaultValue } = useField(name);
  const [length, setLength] = useState(typeof defaultValue === "string" ? defaultValue.length : 0);
  const id = `${formId}-${name}`;
  const left = max - length;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label} <span className="field__optional">(optional)</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <textarea
        {...getInputProps({ id, rows, onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setLength(event.target.value.length) })}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", `${id}-count`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
      <p id={`${id}-count`} className={`field__hint${left < 0 ? " field__hint--over" : ""}`} aria-live="polite">
        {left >= 0 ? `${left} characters left` : `${-left} characters too many`}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
