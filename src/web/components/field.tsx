import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlClass, errorAttributes, type ErrorLike, FieldError } from './field-error';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: ErrorLike;
  /** The class of the box around label, input and message. */
  containerClassName?: string;
}

/** A labelled input with its validation message, wired for screen readers. */
export function Field({ label, registration, error, id, containerClassName, className, ...input }: Props) {
  const inputId = id ?? `field-${registration.name}`;
  return (
    <div className={containerClassName ?? 'mb-3'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={controlClass(className ?? 'form-control', error)}
        {...errorAttributes(inputId, error)}
        {...input}
        {...registration}
      />
      <FieldError id={inputId} error={error} />
    </div>
  );
}
