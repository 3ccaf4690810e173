import { AppError } from './app-error.js';

const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

export const FORM_DATA_UNREADABLE =
  'The form data could not be read. Send it again as multipart/form-data from the form.';

/**
 * What a failure while reading multipart form data means for the client. Only parsing happens while the parts are
 * read, so anything that is not already an AppError is the body's fault: a missing or wrong boundary, a cut-off
 * body, a part over its limit. Never a 500.
 */
export function multipartError(error: unknown, tooLargeMessage: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE.has(code)) return new AppError('payloadTooLarge', tooLargeMessage);
  return new AppError('validation', FORM_DATA_UNREADABLE);
}

export function unexpectedField(name: string): AppError {
  return new AppError('validation', `"${name}" is not a field this form takes.`);
}
