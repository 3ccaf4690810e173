/**
 * What a program is given: its code, its standard input, its command-line arguments and its files.
 */
import { z } from 'zod';
import { EXERCISE_LIMITS, FILE_LIMITS, exerciseMessages } from './limits.js';

export const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A file name: no folders, nothing hidden, nothing a shell or a URL would mangle. */
export const fileNameSchema = z
  .string({ error: 'A file needs a name.' })
  .regex(
    /^[A-Za-z0-9_][A-Za-z0-9._-]*$/,
    'A file name may have letters, digits, dots, dashes and underscores, and no folders.',
  )
  .max(FILE_LIMITS.nameMaxChars, 'A file name must be at most 64 characters.');

export const programFileSchema = z.strictObject({
  name: fileNameSchema,
  content: z
    .string({ error: 'A file’s content must be text.' })
    .max(FILE_LIMITS.fileMaxBytes, 'A file must be at most 64 KB.')
    .refine((text) => byteLength(text) <= FILE_LIMITS.fileMaxBytes, 'A file must be at most 64 KB.'),
});
export type ProgramFile = z.infer<typeof programFileSchema>;

/** Up to five files with different names. */
export const testFilesSchema = (what: string) =>
  z
    .array(programFileSchema)
    .max(FILE_LIMITS.maxTestFiles, `At most ${FILE_LIMITS.maxTestFiles} ${what}.`)
    .refine((files) => new Set(files.map((f) => f.name)).size === files.length, `Two ${what} have the same name.`)
    .default([]);

export const codeSchema = z
  .string({ error: exerciseMessages.emptyCode })
  .max(EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge)
  .refine((code) => code.trim().length > 0, exerciseMessages.emptyCode)
  .refine((code) => byteLength(code) <= EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge);

export const stdinSchema = z
  .string({ error: 'The input must be text.' })
  .max(EXERCISE_LIMITS.stdinMaxBytes, 'The input must be at most 64 KB.')
  .refine((text) => byteLength(text) <= EXERCISE_LIMITS.stdinMaxBytes, 'The input must be at most 64 KB.');

/** Command-line arguments: what a program gets in argv after its name (a test's, or Run's). */
export const argsSchema = z
  .array(
    z
      .string({ error: 'Each argument must be text.' })
      .max(EXERCISE_LIMITS.argMaxChars, 'An argument must be at most 200 characters.'),
  )
  .max(EXERCISE_LIMITS.maxArgs, 'At most 20 arguments.')
  .default([]);
