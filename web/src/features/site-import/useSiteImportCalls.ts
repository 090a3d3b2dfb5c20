import { type ImportSelectedSitesBody, msg, type PickerZone, transferCalls } from '@cpb/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pickerCounts,
  refreshUserZones,
  type TransferPoll,
  transferFailedText,
  transferKeys,
} from '../../components/transfers';
import { call } from '../../shared/api';
import { notify } from '../../shared/notify';

/** POST /importSelectedSites: starts the run, then the screen watches it. */
export function useStartImport(user: string, poll: TransferPoll) {
  return useMutation({
    mutationFn: (body: ImportSelectedSitesBody) =>
      call(transferCalls.importSelectedSites, { params: { user }, body }),
    onSuccess: (started) => poll.start(started.Sites),
    onError: (error) => notify.error(transferFailedText(error)),
  });
}

/** GET /refreshUserZones: reloads the picker's zones and sites and says how many came. */
export function useRefreshZones(user: string, zone: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshUserZones(user, zone ?? ''),
    onSuccess: (zones: PickerZone[]) => {
      queryClient.setQueryData(transferKeys.zonesSites(user, zone ?? ''), zones);
      const n = pickerCounts(zones);
      notify.info(msg('ZONES_SITES_LOADED', n));
    },
    onError: (error) => notify.error(transferFailedText(error)),
  });
}
