import { type MessageCode, type MessageParams, msg } from './messages';

/** An error of a domain rule, carrying the catalogue code of its message. */
export class DomainError extends Error {
  readonly code: MessageCode;
  readonly params?: MessageParams;

  constructor(code: MessageCode, params?: MessageParams) {
    super(msg(code, params));
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }
}
