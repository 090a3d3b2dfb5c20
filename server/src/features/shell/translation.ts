import fs from 'node:fs/promises';
import path from 'node:path';
import type { Translation } from '@cpb/domain';
import { repoRoot } from '../../config';
import { AppError } from '../../lib/errors';

export const i18nDir = path.join(repoRoot, 'i18n');

/** The static translation file of a language (only en_US ships). */
export async function readTranslation(lang: string): Promise<Translation> {
  if (!/^[a-z]{2}_[A-Z]{2}$/.test(lang)) throw new AppError('VALIDATION', `lang: unknown language '${lang}'`);
  try {
    return JSON.parse(await fs.readFile(path.join(i18nDir, `${lang}.json`), 'utf8')) as Translation;
  } catch {
    throw new AppError('NOT_FOUND', `No translation for '${lang}'.`);
  }
}
