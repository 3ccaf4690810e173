import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled input with its validation message, wired for screen readers. */
export function Field({ label, registration, error, id, ...input }: Props) {
  const inputId = id ?? `field-${registration.name}`;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
        {...registration}
      />
      {error?.message ? (
        <div id={`${inputId}-error`} className="invalid-feedback">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}
