import { MESSAGES } from '@cpb/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { HELP_TOPICS } from './helpTopics';
import { LABELS } from './labels';

export const LANGUAGE = 'en_US';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof LABELS & { helpTopics: typeof HELP_TOPICS } & typeof MESSAGES };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

/**
 * The shell's LABELS and the domain's MESSAGES, bundled: the same two sources that
 * scripts/build-i18n.ts merges into i18n/en_US.json. Placeholders use single braces.
 */
void i18n.use(initReactI18next).init({
  lng: LANGUAGE,
  fallbackLng: false,
  resources: { [LANGUAGE]: { translation: { ...LABELS, ...MESSAGES } } },
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Adds the help pages' texts (`helpTopics.*`), which the first load leaves out; a help route awaits it. */
export async function loadHelpTopics(): Promise<void> {
  const { HELP_TOPICS } = await import('./helpTopics');
  i18n.addResourceBundle(LANGUAGE, 'translation', { helpTopics: HELP_TOPICS }, true, true);
}

export { i18n };
