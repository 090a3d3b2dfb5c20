import { SITE_IMPORT_REDIRECT_MS, VENDOR_IMPORT_MAX_TRIES, vendorImportCalls } from '@cpb/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TransferPoll, transferFailedText, useTransferPoll } from '../../components/transfers';
import { call } from '../../shared/api';
import { notify } from '../../shared/notify';
import { sessionQuery } from '../../shared/queries';

/** Vendor import polling: the store loop's poll, capped at 100 tries (spec sections 4 and 9). */
export const VENDOR_IMPORT_POLL = { MAXTRIES: VENDOR_IMPORT_MAX_TRIES } as const;
export const VENDOR_IMPORT_MAX_TRIES_SHOWN = VENDOR_IMPORT_MAX_TRIES;
/** The move to Outside Updates waits as long as Site Import's, so the last status shows. */
export const VENDOR_IMPORT_REDIRECT_MS = SITE_IMPORT_REDIRECT_MS;

export const vendorImportStatusKey = (user: string) => ['vendorImport', user, 'status'] as const;

export function useVendorImportPoll(user: string): TransferPoll {
  return useTransferPoll(user, 'Vendor Import', { resume: true, constants: VENDOR_IMPORT_POLL });
}

/**
 * GET /vendorImport/{user}: starts the run. It is a GET that changes data, so it carries the
 * session's X-CSRF-Token, as Log Off does (docs/decisions.md).
 */
export function useStartVendorImport(user: string, poll: TransferPoll) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // The token GET /session hands out (read now if the page has not yet).
      const session = await queryClient.fetchQuery(sessionQuery());
      return call(vendorImportCalls.start, {
        params: { user },
        headers: session?.csrfToken ? { 'X-CSRF-Token': session.csrfToken } : undefined,
      });
    },
    onSuccess: (started) => poll.start(started.Sites),
    onError: (error) => notify.error(transferFailedText(error)),
  });
}

/** GET /vendorImport/status/{user}: the run's status log, read again while the run is watched. */
export function useVendorImportStatus(user: string, watching: boolean) {
  return useQuery({
    queryKey: vendorImportStatusKey(user),
    queryFn: () => call(vendorImportCalls.status, { params: { user } }),
    enabled: watching,
    refetchInterval: watching ? 1_000 : false,
  });
}
