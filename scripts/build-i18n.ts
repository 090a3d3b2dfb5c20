/**
 * Writes i18n/en_US.json, the static translation file the page and the translate call serve, from
 * the domain's message catalogue and the page's labels. `npm run i18n`; a unit test keeps it in sync.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '../domain/src/messages';
import { HELP_TOPICS } from '../web/src/i18n/helpTopics';
import { LABELS } from '../web/src/i18n/labels';

export const i18nFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../i18n/en_US.json');

export function renderTranslation(): string {
  const labels = { ...LABELS, helpTopics: HELP_TOPICS };
  return `${JSON.stringify({ language: 'en_US', messages: MESSAGES, labels }, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(i18nFile, renderTranslation());
  console.log(`Wrote ${path.relative(process.cwd(), i18nFile)}`);
}
