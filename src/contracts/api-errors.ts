/**
 * Error codes the API answers with, their HTTP status and the message a person reads.
 * Every error body is `{ errors: string[] , code }` so the original client can show `errors` as is.
 */

export const apiErrors = {
  validation: { status: 400, message: 'The request is not valid.' },
  malformedJson: { status: 400, message: 'The request body is not valid JSON.' },
  unauthorized: { status: 401, message: 'Please log in to continue.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  emailNotVerified: { status: 403, message: 'Please verify your email first.' },
  notFound: { status: 404, message: 'Not found.' },
  conflict: { status: 409, message: 'This conflicts with existing data.' },
  payloadTooLarge: { status: 413, message: 'The request is too large.' },
  unsupportedMediaType: { status: 415, message: 'This content type is not supported.' },
  tooManyRequests: { status: 429, message: 'Too many requests. Please try again later.' },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
} as const;

export type ApiErrorCode = keyof typeof apiErrors;

export interface ApiErrorBody {
  errors: string[];
  code: ApiErrorCode;
}
