import { isoDateInZone } from '@cpb/domain';
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../queries';
import type { BatchBody, BatchDialogBase } from './BatchDialog';

/** What the page hands every batch dialog. */
export interface DialogProps extends BatchDialogBase {
  onPreview: (body: BatchBody) => void;
  onOk: (body: BatchBody) => void;
}

/**
 * Today in the business time zone the server uses (GET /appConfig), as the domain takes it (ISO
 * YYYY-MM-DD); the browser's own zone only until the configuration has loaded.
 */
export function todayIso(timeZone?: string, now = new Date()): string {
  return isoDateInZone(now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** todayIso() in the server's business time zone. */
export function useBusinessToday(): string {
  const { data } = useQuery(appConfigQuery());
  return todayIso(data?.businessTimeZone);
}
