import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { PASSWORD_MIN_LENGTH } from './course.js';
import { messages } from './messages.js';

/** Long passphrases are welcome; they are never truncated (argon2 hashes the whole string). */
export const PASSWORD_MAX_LENGTH = 128;

/** The live password checklist of sign-up, in its order. One rule, used by the checklist and the schemas. */
export const passwordChecks = [
  { id: 'capital', label: 'Capital letter', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'special', label: 'Special character', test: (password: string) => /[^A-Za-z0-9]/.test(password) },
  {
    id: 'length',
    label: `Minimum length ${PASSWORD_MIN_LENGTH}`,
    test: (password: string) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'number', label: 'A number', test: (password: string) => /[0-9]/.test(password) },
] as const;

export function failedPasswordChecks(password: string): string[] {
  return passwordChecks.filter((check) => !check.test(password)).map((check) => check.label);
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, ctx) => {
    const failed = failedPasswordChecks(password);
    if (failed.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Password needs: ${failed.join(', ')}` });
    } else if (isCommonPassword(password)) {
      ctx.addIssue({ code: 'custom', message: COMMON_PASSWORD_MESSAGE });
    }
  });

/**
 * A form's schema with Confirm Password beside the password, which must match it (the message under Confirm
 * Password). The request itself carries no confirmation: forms drop `confirm_password` before sending.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape & { password: z.ZodType<string> }>(
  schema: z.ZodObject<Shape>,
) {
  // The generic shape hides the two fields from TypeScript; the constraint on Shape guarantees them.
  const matches = (form: unknown) => {
    const { password, confirm_password } = form as { password: string; confirm_password: string };
    return password === confirm_password;
  };
  return schema
    .extend({ confirm_password: z.string() })
    .refine(matches, { path: ['confirm_password'], message: messages.passwordsDontMatch });
}
