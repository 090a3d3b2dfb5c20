/** One error type for the whole API; the code decides the HTTP status. */
export type ErrorCode =
  | 'VALIDATION'
  | 'NOT_SIGNED_IN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'CANNOT_SAVE'
  | 'BATCH_FAILED'
  | 'INTERNAL';

export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  NOT_SIGNED_IN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CANNOT_SAVE: 420,
  BATCH_FAILED: 417,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.headers = headers;
  }
  get status(): number {
    return STATUS_OF[this.code];
  }
}

/** The spec's success wrapper. */
export const root = <T>(value: T) => ({ RootResults: value });
