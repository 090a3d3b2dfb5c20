import {
  VENDOR_SETUP_ADD_DEBOUNCE_MS,
  VENDOR_SETUP_DELETE_DEBOUNCE_MS,
  VENDOR_SETUP_LIST_LIMIT,
  type VendorImportSetupBody,
  type VendorImportSetupRow,
  vendorImportSetupSchema,
} from '@cpb/domain';
import { Autocomplete, Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { usePickerZone, zonesSitesQuery } from '../../components/transfers';
import { vendorsQuery } from '../../shared/lookups';
import { userZonesQuery } from '../../shared/queries';
import { SetupGrid } from './SetupGrid';
import { EMPTY_SETUP, rowToUpdate, type SetupFormValues } from './setupForm';
import { useImportTypes, useSetupChanges, useSetups, useVendorZones } from './useSetupCalls';

/**
 * Vendor Import Setup (spec sections 2, 4, 9): the Source (Import Type, File Location, File Mask,
 * Label, Vendor Zone) and Destination (Price Book Zone, Vendor ID) sections, Add (disabled while the
 * form is invalid; sent 2 s after the last click), Clear, Delete (yes/no; sent 1000 ms after), and
 * the grid of setups, whose cell edits are saved by the update call (docs/decisions.md).
 */
export function VendorImportSetup({ user }: { user: string }) {
  const { t } = useTranslation();
  const form = useForm<SetupFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_SETUP,
    validate: schemaResolver(vendorImportSetupSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const [selected, setSelected] = useState<VendorImportSetupRow | null>(null);
  const [asking, setAsking] = useState(false);
  const setups = useSetups(user);
  const types = useImportTypes(user);
  const zone = usePickerZone(user);
  const sites = useQuery({ ...zonesSitesQuery(user, zone ?? ''), enabled: zone !== undefined });
  const zones = useQuery(userZonesQuery(user));
  const vendors = useQuery(vendorsQuery(user));
  const vendorZones = useVendorZones(user, form.values.src);
  const { add, update, remove } = useSetupChanges(user);

  const siteData = useMemo(() => {
    const seen = new Map<number, string>();
    for (const z of sites.data ?? [])
      for (const s of z.ZoneSites) seen.set(s.SiteNo, `${s.SiteNo} - ${s.SiteName}`);
    return [...seen].sort((a, b) => a[0] - b[0]).map(([no, label]) => ({ value: String(no), label }));
  }, [sites.data]);

  const sendAdd = useDebouncedCallback(() => {
    const parsed = vendorImportSetupSchema.safeParse(form.values);
    // The form's own values go (the server parses them with the same schema).
    if (parsed.success) add.mutate(form.values as VendorImportSetupBody);
  }, VENDOR_SETUP_ADD_DEBOUNCE_MS);
  const sendDelete = useDebouncedCallback((row: VendorImportSetupRow) => {
    remove.mutate(row, { onSuccess: () => setSelected(null) });
  }, VENDOR_SETUP_DELETE_DEBOUNCE_MS);

  const valid = vendorImportSetupSchema.safeParse(form.values).success;
  const input = (path: string) => form.getInputProps(path);
  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit(() => sendAdd())} noValidate aria-label={t('screens.vendorImportSetup')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Fieldset legend={t('vendorSetup.source')}>
              <Stack gap="xs">
                <Select
                  label={t('vendorSetup.importType')}
                  data={types.data ?? []}
                  limit={VENDOR_SETUP_LIST_LIMIT}
                  withAsterisk
                  {...input('src.SourceType')}
                />
                <Select
                  label={t('vendorSetup.fileLocation')}
                  data={siteData}
                  searchable
                  limit={VENDOR_SETUP_LIST_LIMIT}
                  withAsterisk
                  {...input('src.Site')}
                />
                <TextInput label={t('vendorSetup.fileMask')} withAsterisk {...input('src.FileMask')} />
                <TextInput label={t('vendorSetup.label')} withAsterisk {...input('src.Label')} />
                <Autocomplete
                  label={t('vendorSetup.vendorZone')}
                  data={vendorZones.map((z) => z.Text)}
                  limit={VENDOR_SETUP_LIST_LIMIT}
                  withAsterisk
                  {...input('src.Vendor')}
                />
              </Stack>
            </Fieldset>
            <Fieldset legend={t('vendorSetup.destination')}>
              <Stack gap="xs">
                <Select
                  label={t('vendorSetup.priceBookZone')}
                  data={(zones.data ?? []).map((z) => ({ value: String(z.ZoneSetupID), label: z.ZoneName }))}
                  limit={VENDOR_SETUP_LIST_LIMIT}
                  searchable
                  withAsterisk
                  {...input('dest.CDBZone')}
                />
                <Select
                  label={t('vendorSetup.vendorId')}
                  data={(vendors.data ?? []).map((v) => ({ value: v.VendorID, label: v.Text }))}
                  limit={VENDOR_SETUP_LIST_LIMIT}
                  searchable
                  withAsterisk
                  {...input('dest.CDBVendorID')}
                />
              </Stack>
            </Fieldset>
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" disabled={!valid} loading={add.isPending}>
              {t('vendorSetup.add')}
            </Button>
            <Button variant="default" onClick={() => form.reset()}>
              {t('vendorSetup.clear')}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={!selected}
              onClick={() => setAsking(true)}
              loading={remove.isPending}
            >
              {t('vendorSetup.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SetupGrid
        rows={setups.data ?? []}
        selected={selected?.MasterID ?? null}
        onSelect={setSelected}
        onEdit={(row) => update.mutate(rowToUpdate(row))}
      />
      <YesNoDialog
        opened={asking}
        title={t('vendorSetup.deleteTitle')}
        message={t('vendorSetup.deleteQuestion')}
        onNo={() => setAsking(false)}
        onYes={() => {
          setAsking(false);
          if (selected) sendDelete(selected);
        }}
      />
    </Stack>
  );
}
