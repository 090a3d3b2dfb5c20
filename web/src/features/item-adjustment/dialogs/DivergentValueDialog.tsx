import { Button, Group, List, Loader, Modal, Popover, Radio, Table, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatFieldValue } from '../grid/fieldValues';
import { mostCommonQuery } from '../queries';
import type { CommonValue, DivergentField, GridRow } from '../types';

/** A value's Sites button and pop-over; `onOpenChange` tells the dialog whether it is open. */
function SitesButton({ value, onOpenChange }: { value: CommonValue; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const set = (open: boolean) => {
    if (open === opened) return;
    setOpened(open);
    onOpenChange(open);
  };
  // Escape closes the pop-over and goes no further (the dialog under it stays).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !opened) return;
    e.stopPropagation();
    set(false);
  };
  return (
    <Popover position="left" withArrow shadow="md" opened={opened} onChange={set}>
      <Popover.Target>
        <Button size="compact-xs" variant="default" onClick={() => set(!opened)} onKeyDown={onKeyDown}>
          {t('itemAdjust.sites')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('itemAdjust.sites')} onKeyDown={onKeyDown}>
        <Text fw={600} size="sm" mb={4}>
          {t('itemAdjust.sites')}
        </Text>
        <List size="sm" listStyleType="none" spacing={2}>
          {value.Sites.map((s) => (
            <List.Item key={s.SiteNo}>
              {t('itemAdjust.siteName', { no: String(s.SiteNo), name: s.SiteName })}
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The divergent-value picker of a list price, description or department: the values most
 * common across the zone's sites, each with its sites. The chosen value is handed back to
 * the page, which makes it the value at every site of the zone.
 */
export function DivergentValueDialog({
  user,
  zoneId,
  row,
  field,
  busy,
  onClose,
  onChoose,
}: {
  user: string;
  zoneId: number;
  row: GridRow;
  field: DivergentField;
  busy: boolean;
  onClose: () => void;
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation();
  const values = useQuery(mostCommonQuery(user, zoneId, row, field));
  // One field, on @mantine/form like every dialog: OK is offered once one of the values the server
  // listed is chosen (the schema is built from that list).
  const keys = (values.data ?? []).map((v) => v.Key);
  const choice = useForm<{ value: string }>({
    mode: 'controlled',
    initialValues: { value: '' },
    validate: schemaResolver(z.object({ value: z.string().refine((v) => keys.includes(v)) }), { sync: true }),
  });
  const chosen = choice.values.value;
  // Escape with a Sites pop-over open closes only the pop-over (issue 25: it closed the dialog).
  const [sitesOpen, setSitesOpen] = useState(0);
  const onSitesOpen = (open: boolean) => setSitesOpen((n) => Math.max(0, n + (open ? 1 : -1)));
  const fieldName = t(`itemAdjust.col.${field}`);

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={sitesOpen === 0}
      title={t('itemAdjust.pickerTitle', { field: fieldName, item: row.idplu })}
      size="lg"
    >
      {values.isPending ? (
        <Group gap="xs" py="md">
          <Loader size="sm" />
          <Text size="sm">{t('LOADING_PLEASE_WAIT')}</Text>
        </Group>
      ) : (
        <Radio.Group {...choice.getInputProps('value')} aria-label={fieldName}>
          <Table withTableBorder striped highlightOnHover fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{fieldName}</Table.Th>
                <Table.Th ta="right">{t('itemAdjust.count')}</Table.Th>
                <Table.Th w={80}>{t('itemAdjust.sites')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(values.data ?? []).map((v) => (
                <Table.Tr key={v.Key}>
                  <Table.Td>
                    <Radio value={v.Key} aria-label={formatFieldValue(field, v.Key)} />
                  </Table.Td>
                  <Table.Td>{formatFieldValue(field, v.Key)}</Table.Td>
                  <Table.Td ta="right">{v.Count}</Table.Td>
                  <Table.Td>
                    <SitesButton onOpenChange={onSitesOpen} value={v} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('itemAdjust.cancel')}
        </Button>
        <Button onClick={() => onChoose(chosen)} disabled={!choice.isValid()} loading={busy}>
          {t('itemAdjust.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
