import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/src/messages';
import { i18nFile, renderTranslation } from './build-i18n';

describe('i18n/en_US.json', () => {
  it('is in sync with the message catalogue and the labels (run `npm run i18n`)', () => {
    expect(fs.readFileSync(i18nFile, 'utf8')).toBe(renderTranslation());
  });

  it('carries every catalogue message with its exact text', () => {
    const file = JSON.parse(fs.readFileSync(i18nFile, 'utf8'));
    expect(file.messages.CONFIRM_SAVE).toBe('Would you like t save your changes now?');
    for (const [code, text] of Object.entries(MESSAGES)) expect(file.messages[code]).toBe(text);
  });
});
