import type { ExternalApp } from '../../app/states';

export type AppKey = 'cpb' | ExternalApp;

/** The four applications of the home page, in tile order, with their tile colours. */
export const HOME_APPS: readonly { key: AppKey; color: string }[] = [
  { key: 'cpb', color: 'blue' },
  { key: 'compDailyBook', color: 'teal' },
  { key: 'digdispatch', color: 'orange' },
  { key: 'physinventory', color: 'grape' },
];
