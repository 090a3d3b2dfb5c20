import { AppError } from '../../lib/errors';
import type { FieldError } from './plan';

/** A save refused for the listed reasons: status 420 with every error. */
export class SaveRefused extends AppError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[], multi: boolean) {
    super(
      'CANNOT_SAVE',
      errors.map((e) => `${multi && e.idplu ? `${e.idplu} ` : ''}${e.Field}: ${e.Message}`).join('; '),
    );
    this.errors = errors;
  }
}
