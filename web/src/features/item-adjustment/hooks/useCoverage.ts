/**
 * The coverage of the next batch call, chosen in the Site/Zone Coverage dialog, and the
 * dialog's "send to selected sites" (distributeSelItemsToSelSites).
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { i18n } from '../../../i18n';
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
  const sending = useMutation({
    mutationFn: ({ zone, siteIds }: { zone: number; siteIds: number[] }) =>
      distributeToSites(user, zone, items, siteIds),
    onSuccess: (message) => {
      notify.info(message);
      setOpen(false);
    },
    onError: (error) => notify.error(error instanceof Error ? error.message : String(error)),
  });
  const clear = useCallback(() => setList(null), []);
  return {
    list,
    open,
    busy: sending.isPending,
    openDialog: () => setOpen(true),
    closeDialog: () => setOpen(false),
    apply: (next) => {
      setList(next);
      setOpen(false);
      // OK only sets the coverage of the next batch: say so (issue 25).
      notify.info(i18n.t('itemAdjust.coverageForNextBatch'));
    },
    send: async (siteIds) => {
      if (zoneId === null) return;
      await sending.mutateAsync({ zone: zoneId, siteIds }).catch(() => undefined);
    },
    clear,
  };
}
