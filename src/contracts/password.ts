import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './course.js';

/** The spec's live password checklist, in its order. One rule, used by the checklist and the schemas. */
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

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

export function failedPasswordChecks(password: string): string[] {
  return passwordChecks.filter((check) => !check.test(password)).map((check) => check.label);
}

export const passwordSchema = z
  .string()
  .max(200, 'Password must be at most 200 characters')
  .superRefine((password, ctx) => {
    const failed = failedPasswordChecks(password);
    if (failed.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Password needs: ${failed.join(', ')}` });
    }
  });
