/**
 * The site's form controls: each one a labelled control with its hint and validation message, wired for screen
 * readers (`aria-invalid`, `aria-describedby`) the same way everywhere. Pass react-hook-form's registration either
 * as `registration` or spread (`{...form.register('name')}`); the message comes from the contract's schema.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatDate } from '../../contracts/dates';
import { useTimeZone } from '../lib/site-info';
import { controlClass, type ErrorLike, FieldError } from './field-error';

interface FieldFrameProps {
  /** The control's id; by default `field-<registered name>`. */
  id?: string;
  label: ReactNode;
  /** A line under the control that helps fill it in. */
  hint?: ReactNode;
  error?: ErrorLike;
  registration?: UseFormRegisterReturn;
  /** The class of the box around label, control, hint and message ('' for none: the form spaces its fields). */
  containerClassName?: string;
  /** The label's class (`visually-hidden` for a control whose label the table around it already shows). */
  labelClassName?: string;
}

function controlIdOf(id: string | undefined, registration: UseFormRegisterReturn | undefined, name?: string) {
  const controlId = id ?? ((registration?.name ?? name) ? `field-${registration?.name ?? name}` : undefined);
  if (!controlId) throw new Error('A form control needs an id or a registered name.');
  return controlId;
}

/** The attributes that tie a control to its hint and its message. */
function describedBy(id: string, error: ErrorLike | undefined, hint: ReactNode) {
  const ids = [error?.message ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean);
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.join(' ') || undefined } as const;
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  ) : null;
}

/** The one field wrapper: label, the control (children), hint and message. */
export function FormField({
  id,
  label,
  hint,
  error,
  containerClassName = 'mb-3',
  labelClassName = 'form-label',
  children,
}: Omit<FieldFrameProps, 'registration' | 'id'> & { id: string; children: ReactNode }) {
  return (
    <div className={containerClassName || undefined}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {children}
      <Hint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Splits a control's props into the field's (label, hint, message, container) and the control's own, with the
 * control's class and aria wiring added: what every control of the kit does the same way.
 */
function splitField<P extends FieldFrameProps & { className?: string; name?: string }>(props: P, baseClass: string) {
  const { id, label, hint, error, registration, containerClassName, labelClassName, className, ...own } = props;
  const controlId = controlIdOf(id, registration, own.name);
  return {
    frame: { id: controlId, label, hint, error, containerClassName, labelClassName },
    control: {
      className: controlClass(className ?? baseClass, error),
      ...describedBy(controlId, error, hint),
      ...own,
      ...registration,
    },
  };
}

export function Input(props: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = splitField(props, 'form-control');
  return (
    <FormField {...frame}>
      <input {...control} />
    </FormField>
  );
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** "Friday, 27 Nov 2026": a day of the course calendar ('2026-11-27') as the site writes it, or '' if it is none. */
export function dayInWords(value: string, zone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? '' : `${WEEKDAY.format(day)}, ${formatDate(value, zone)}`;
}

/**
 * A day: the browser's date field (its calendar on a phone, typing and checking on a computer), which writes the day
 * in the computer's own format (mm/dd/yyyy in an American English browser), with the day chosen written under it as
 * every page of the site writes dates ("Chosen: Friday, 27 Nov 2026"), so "03/04" can't be read two ways.
 */
export function DateInput({
  hint,
  ref,
  ...props
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const zone = useTimeZone();
  const element = useRef<HTMLInputElement | null>(null);
  const [value, setValue] = useState(String(props.value ?? props.defaultValue ?? ''));
  // react-hook-form's reset() writes the field without an event: read it back after every render (a value already
  // read sets nothing, so this settles at once).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (element.current && element.current.value !== value) setValue(element.current.value);
  });
  const registered = props.registration;
  const forward = (node: HTMLInputElement | null) => {
    element.current = node;
    for (const target of [ref, registered?.ref]) {
      if (typeof target === 'function') target(node);
      else if (target) target.current = node;
    }
  };
  const chosen = dayInWords(value, zone);
  const onChange: InputHTMLAttributes<HTMLInputElement>['onChange'] = (event) => {
    setValue(event.target.value);
    void (registered?.onChange ?? props.onChange)?.(event);
  };
  const shown = chosen ? (
    <>
      {hint ? <>{hint} </> : null}
      <span className="date-chosen">Chosen: {chosen}</span>
    </>
  ) : (
    hint
  );
  const { frame, control } = splitField({ ...props, hint: shown }, 'form-control');
  return (
    <FormField {...frame}>
      <input {...control} type="date" ref={forward} onChange={onChange} />
    </FormField>
  );
}

export function Textarea(props: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = splitField(props, 'form-control');
  return (
    <FormField {...frame}>
      <textarea {...control} />
    </FormField>
  );
}

/** A select; its options are the children. */
export function Select(props: FieldFrameProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const { frame, control } = splitField(props, 'form-select');
  return (
    <FormField {...frame}>
      <select {...control} />
    </FormField>
  );
}

/** A checkbox with its label beside it (Bootstrap's form-check). */
export function Checkbox({
  id,
  label,
  hint,
  error,
  registration,
  containerClassName = 'form-check mb-3',
  labelClassName = 'form-check-label',
  className,
  ...input
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const controlId = controlIdOf(id, registration, input.name);
  return (
    <div className={containerClassName}>
      <input
        type="checkbox"
        className={controlClass(className ?? 'form-check-input', error)}
        {...describedBy(controlId, error, hint)}
        {...input}
        {...registration}
      />
      <label className={labelClassName} htmlFor={controlId}>
        {label}
      </label>
      <Hint id={controlId} hint={hint} />
      <FieldError id={controlId} error={error} />
    </div>
  );
}
