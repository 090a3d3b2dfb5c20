/**
 * The coverage of the next batch call, chosen in the Site/Zone Coverage dialog, and the
 * dialog's "send to selected sites" (distributeSelItemsToSelSites).
 */
import { useCallback, useState } from 'react';
import { notify } from '../../../shared/notify';
import { distributeToSites } from '../api';
import type { SelectedItem } from '../types';

export interface CoverageControl {
  /** The Coverage list of the next batch call (null: every site of the zone). */
  list: number[] | null;
  open: boolean;
  busy: boolean;
  openDialog: () => void;
  closeDialog: () => void;
  apply: (list: number[]) => void;
  send: (siteIds: number[]) => Promise<void>;
  clear: () => void;
}

export function useCoverage(opts: {
  user: string;
  zoneId: number | null;
  items: SelectedItem[];
}): CoverageControl {
  const { user, zoneId, items } = opts;
  const [list, setList] = useState<number[] | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const clear = useCallback(() => setList(null), []);
  return {
    list,
    open,
    busy,
    openDialog: () => setOpen(true),
    closeDialog: () => setOpen(false),
    apply: (next) => {
      setList(next);
      setOpen(false);
    },
    send: async (siteIds) => {
      if (zoneId === null) return;
      setBusy(true);
      try {
        notify.info(await distributeToSites(user, zoneId, items, siteIds));
        setOpen(false);
      } catch (error) {
        notify.error(error instanceof Error ? error.message : String(error));
      } finally {
        setBusy(false);
      }
    },
    clear,
  };
}
