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
      <FieldLabel id={id} label={label} optional={optional} hint={hint} />
      <input
        {...getInputProps({ id, type, autoComplete, inputMode, maxLength, autoFocus })}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's label (with '(optional)' when it is) and its hint, which the control names with aria-describedby="<id>-hint". */
export function FieldLabel({ id, label, optional, hint }: { id: string; label: string; optional?: boolean; hint?: ReactNode }) {
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** A field's error message, which the control names with aria-describedby="<id>-error". */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  formId?: string;
  autoComplete?: string;
  /** A first, empty choice ("Choose…"). */
  placeholder?: string;
  onValue?: (value: string) => void;
}

export function SelectField({ name, label, options, formId, autoComplete, placeholder, onValue }: SelectFieldProps) {
  const { error, getInputProps } = useField(name);
  const id = `${formId ?? "form"}-${name}`;
  const onChange = onValue ? { onChange: (event: { target: { value: string } }) => onValue(event.target.value) } : {};
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select {...getInputProps({ id, autoComplete, ...onChange })} className="field__input field__select" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
