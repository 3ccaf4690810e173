/**
 * The one place the browser turns an error into words a person reads. The server's messages are meant for people,
 * but a validation message can still arrive the way a program wrote it: prefixed with the field's internal name
 * ("lesson_video: Lesson video must be…", "current_password: …") or in the validation library's own terms
 * ("Invalid input: expected number, received NaN"). Neither reaches the screen.
 */
import { messages } from '../../contracts/messages';

/** "lesson_video: ", "options.2: ", "answers[3].answer_index: ": an internal field path in front of a message. */
const FIELD_PREFIX = /^[a-z][a-z0-9_]*(?:(?:\.[a-z0-9_]+)|(?:\[\d+\]))*:\s+/;

/** zod's built-in messages, which name types and sizes rather than saying what to do. */
const LIBRARY_WORDING =
  /^(Invalid input|Invalid option|Invalid string|Invalid type|Invalid element|Invalid key|Invalid union|Unrecognized keys?|Too (big|small)|Required$)/;

/** A message as it may be shown: without a field path in front, and in plain words. */
export function plainMessage(message: string): string {
  const text = message.replace(FIELD_PREFIX, '').trim();
  if (!text || LIBRARY_WORDING.test(text)) return messages.checkTheForm;
  return text;
}

/** Several messages as they may be shown: plain, and each said once. */
export function plainMessages(list: readonly string[]): string[] {
  return [...new Set(list.map(plainMessage))];
}

/** The API's messages an error carries, if it carries them (an ApiError's `errors`). */
const apiMessages = (error: unknown): string[] | null =>
  error instanceof Error && 'errors' in error && Array.isArray(error.errors) ? error.errors.map(String) : null;

/**
 * A refused form's lines for FormErrors: none without an error, the API's messages, or the site's request to contact
 * customer care when the failure carries none.
 */
export function formErrorLines(error: unknown): string[] {
  if (!error) return [];
  return apiMessages(error) ?? [messages.contactCustomerCare];
}

/** Any error as one line for a person: the API's messages, or the site's request to try again. */
export function errorText(error: unknown): string {
  const fromApi = apiMessages(error);
  if (fromApi) return plainMessages(fromApi).join(' ');
  if (error instanceof Error && error.message) return plainMessage(error.message);
  return messages.contactCustomerCare;
}
