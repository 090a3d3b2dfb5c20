import type { ExternalApp } from '../../shared/states';

export type AppKey = 'cpb' | ExternalApp;

/**
 * The four applications of the home page, in tile order, with their tile colours (shade 9 of
 * each, so white text on them has at least 4.5:1 contrast; orange has no such shade).
 */
export const HOME_APPS: readonly { key: AppKey; color: string }[] = [
  { key: 'cpb', color: 'blue' },
  { key: 'compDailyBook', color: 'teal' },
  { key: 'digdispatch', color: 'red' },
  { key: 'physinventory', color: 'grape' },
];
