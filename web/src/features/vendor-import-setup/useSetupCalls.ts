import {
  canSearchVendorZones,
  msg,
  type UpdateVendorImportSetupBody,
  VENDOR_ZONE_SEARCH_DEBOUNCE_MS,
  type VendorImportSetupBody,
  type VendorImportSetupRow,
  vendorImportCalls,
} from '@cpb/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, call } from '../../shared/api';
import { notify } from '../../shared/notify';
import type { SetupFormValues } from './setupForm';

export const setupKeys = {
  list: (user: string) => ['vendorImportSetup', user] as const,
  types: (user: string) => ['vendorImportTypes', user] as const,
  zones: (user: string, site: string, type: string, mask: string) =>
    ['vendorImportZones', user, site, type, mask] as const,
};

const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : 0);
const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** 'Error : Unable to submit changes. status=...,msg=...' (spec section 8). */
export const submitFailedText = (e: unknown) =>
  msg('SUBMIT_CHANGES_FAILED_DETAIL', { status: statusOf(e), detail: detailOf(e) });

export const useSetups = (user: string) =>
  useQuery({
    queryKey: setupKeys.list(user),
    queryFn: () => call(vendorImportCalls.setups, { params: { user } }),
  });

export const useImportTypes = (user: string) =>
  useQuery({
    queryKey: setupKeys.types(user),
    queryFn: () => call(vendorImportCalls.types, { params: { user } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The vendor zones of the files of the site's folder matching the mask: searched 1 s after the
 * source type, site and mask stop changing, and only when all three are set (spec section 4).
 * A failure shows its status, message and text in a toast.
 */
export function useVendorZones(user: string, src: SetupFormValues['src']) {
  const [key] = useDebouncedValue(
    { type: src.SourceType, site: src.Site, mask: src.FileMask.trim() },
    VENDOR_ZONE_SEARCH_DEBOUNCE_MS,
  );
  const ready = canSearchVendorZones({ SourceType: key.type, Site: key.site, FileMask: key.mask });
  const q = useQuery({
    queryKey: setupKeys.zones(user, key.site, key.type, key.mask),
    queryFn: () =>
      call(vendorImportCalls.zones, {
        params: { user },
        query: {
          SiteNumber: Number(key.site),
          MclaneExtension: key.type === 'MCLANE' ? key.mask : '',
          CmarkExtension: key.type === 'COREMARK' ? key.mask : '',
        },
      }),
    enabled: ready,
    retry: false,
  });
  useEffect(() => {
    if (q.error)
      notify.error(
        msg('VENDOR_ZONE_SEARCH_FAILED', {
          status: statusOf(q.error),
          detail: detailOf(q.error),
          text: q.error instanceof ApiError ? q.error.message : '',
        }),
      );
  }, [q.error]);
  return ready ? (q.data ?? []) : [];
}

/** Add, update (a grid edit) and delete: each answers the whole list, which replaces the grid's. */
export function useSetupChanges(user: string) {
  const qc = useQueryClient();
  const done = (rows: VendorImportSetupRow[]) => qc.setQueryData(setupKeys.list(user), rows);
  const failed = (e: unknown) => {
    notify.error(submitFailedText(e));
    void qc.invalidateQueries({ queryKey: setupKeys.list(user) });
  };
  const add = useMutation({
    mutationFn: (body: VendorImportSetupBody) => call(vendorImportCalls.create, { params: { user }, body }),
    onSuccess: (rows) => {
      done(rows);
      notify.info(msg('VENDOR_ITEMS_ADDED'));
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: (body: UpdateVendorImportSetupBody) =>
      call(vendorImportCalls.update, { params: { user }, body }),
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (row: VendorImportSetupRow) =>
      call(vendorImportCalls.remove, { params: { user }, body: row }),
    onSuccess: (rows) => {
      done(rows);
      notify.info(msg('VENDOR_ITEMS_DELETED'));
    },
    onError: failed,
  });
  return { add, update, remove };
}
