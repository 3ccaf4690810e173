import { type ApiErrorBody, type ApiErrorCode, apiErrors } from '../../contracts/api-errors.js';

/** The one error type services throw; the error handler turns it into `{ errors, code }` with its status. */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly messages: string[];
  /** Seconds the client should wait before trying again, sent as Retry-After. */
  readonly retryAfterS: number | undefined;

  constructor(code: ApiErrorCode, messages?: string | string[], options: { retryAfterS?: number } = {}) {
    const list = messages === undefined ? [apiErrors[code].message] : Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.code = code;
    this.messages = list;
    this.retryAfterS = options.retryAfterS;
  }

  get status(): number {
    return apiErrors[this.code].status;
  }

  toBody(): ApiErrorBody {
    return { errors: this.messages, code: this.code };
  }
}

export function errorBody(code: ApiErrorCode, messages?: string[]): ApiErrorBody {
  return { errors: messages ?? [apiErrors[code].message], code };
}
