/** A message as react-hook-form keeps it for a field (FieldError), a list's root or a whole form. */
export interface ErrorLike {
  message?: string;
}

/** The attributes that tie a control to its validation message, for screen readers. */
export function errorAttributes(id: string, error: ErrorLike | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error?.message ? `${id}-error` : undefined,
  } as const;
}

/** A control's Bootstrap class, red when its value was refused. */
export function controlClass(base: string, error: ErrorLike | undefined): string {
  return error ? `${base} is-invalid` : base;
}

/**
 * A field's validation message under it (`${id}-error`, which errorAttributes names), announced when it appears.
 * The message comes from the contract's schema, the one the server checks the same request with.
 */
export function FieldError({ id, error }: { id: string; error: ErrorLike | undefined }) {
  if (!error?.message) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
      {error.message}
    </div>
  );
}
