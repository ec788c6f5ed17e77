import { useField } from "remix-validated-form";
import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "search";
  autoComplete?: string;
  hint?: ReactNode;
  formId?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  optional?: boolean;
  autoFocus?: boolean;
}

/** A labelled input with its hint and its error (from the zod schema in the browser, or from the server). */
export function TextField({ name, label, type = "text", autoComplete, hint, formId, inputMode, maxLength, optional, autoFocus }: FieldProps) {
  const { error, getInputProps } = useField(name);
  const id = `${formId ?? "form"}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        {...getInputProps({ id, type, autoComplete, inputMode, maxLength, autoFocus })}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  formId?: string;
  autoComplete?: string;
}

export function SelectField({ name, label, options, formId, autoComplete }: SelectFieldProps) {
  const { error, getInputProps } = useField(name);
  const id = `${formId ?? "form"}-${name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select {...getInputProps({ id, autoComplete })} className="field__input field__select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
