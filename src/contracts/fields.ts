import { z } from 'zod';

/**
 * Field rules every area shares: record ids, one-line text, and the characters the databases can store.
 * One rule each, used by the API's schemas and the forms.
 */

/** The largest id a record can have: ids are 32-bit integers (PostgreSQL's int4) on both databases. */
export const MAX_RECORD_ID = 2_147_483_647;

export const fieldMessages = {
  badId: 'This address does not name a record: its number must be a whole number from 1 to 2147483647.',
  nulCharacter: 'Text cannot contain the NUL character (\\0).',
  oneLine: (label: string) => `${label} must be one line of text, without line breaks or control characters.`,
} as const;

/** A record's id in a path, a query or a body: a whole number from 1 to MAX_RECORD_ID. */
export const recordIdSchema = z.coerce
  .number({ error: fieldMessages.badId })
  .int(fieldMessages.badId)
  .min(1, fieldMessages.badId)
  .max(MAX_RECORD_ID, fieldMessages.badId);

/** `/:id` in a path. */
export const idParamsSchema = z.object({ id: recordIdSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** `?page=&per_page=` of the admin's paged lists; each list adds its own filters around these. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** C0 controls and DEL, which have no place in a name, a city or a subject line (a CR/LF would start a new line). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Text made one line: each run of control characters (and Unicode's line and paragraph separators) becomes a space. */
export function toOneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}

export function hasNul(text: string): boolean {
  return NUL.test(text);
}

/** One line of trimmed text with a label for its messages. */
export function oneLineText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .refine((text) => !hasControlCharacters(text), fieldMessages.oneLine(label))
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Years a course date may have: both databases store them, and a typo like 0202 or 20277 is caught. */
/**
 * A whole number from `min` to `max`, given as a number or as its digits (what a form's number box holds); null, a
 * boolean, an empty box or "0x3" are not numbers here (z.coerce would read them as 0, 1 and 3). One message for all.
 */
export function wholeNumberSchema(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

export const DATE_YEARS = { min: 2000, max: 2100 } as const;

/** A calendar date as YYYY-MM-DD that exists (no 2027-02-30), in DATE_YEARS. */
export function isRealIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isoDateSchema(label: string) {
  const message = `${label} must be a real date between ${DATE_YEARS.min} and ${DATE_YEARS.max}, written as YYYY-MM-DD`;
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(10, message)
    .refine(isRealIsoDate, message);
}

/** The answer of a call that has only a message to give. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
