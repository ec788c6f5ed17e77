import { useState, type ChangeEvent } from "react";
import { useField } from "remix-validated-form";
import { FieldError, FieldLabel } from "./Field";

interface TextAreaFieldProps {
  name: string;
  label: string;
  formId: string;
  max: number;
  hint?: string;
  rows?: number;
  /** Marked '(optional)' after the label (the default). */
  optional?: boolean;
}

/** A plain-text area with a live count of the characters left (the count is only a hint: the server checks the limit). */
export function TextAreaField({ name, label, formId, max, hint, rows = 5, optional = true }: TextAreaFieldProps) {
  const { error, getInputProps, defaultValue } = useField(name);
  const [length, setLength] = useState(typeof defaultValue === "string" ? defaultValue.length : 0);
  const id = `${formId}-${name}`;
  const left = max - length;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <FieldLabel id={id} label={label} optional={optional} hint={hint} />
      <textarea
        {...getInputProps({ id, rows, onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setLength(event.target.value.length) })}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", `${id}-count`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
      <p id={`${id}-count`} className={`field__hint${left < 0 ? " field__hint--over" : ""}`} aria-live="polite">
        {left >= 0 ? `${left} characters left` : `${-left} characters too many`}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
