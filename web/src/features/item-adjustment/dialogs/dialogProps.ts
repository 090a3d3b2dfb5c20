import dayjs from 'dayjs';
import type { BatchBody, BatchDialogBase } from './BatchDialog';

/** What the page hands every batch dialog. */
export interface DialogProps extends BatchDialogBase {
  onPreview: (body: BatchBody) => void;
  onOk: (body: BatchBody) => void;
}

/** Today in the browser's calendar, as the domain takes it (ISO YYYY-MM-DD). */
export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}
