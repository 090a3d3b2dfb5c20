import { Button, Loader, Popover, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mostCommonQuery } from '../queries';
import type { DivergentField, GridRow } from '../types';
import { formatFieldValue, PICKER_FIELDS } from './fieldValues';

export interface ValuesTarget {
  row: GridRow;
  field: DivergentField;
  x: number;
  y: number;
}

/**
 * The right-click popover of a value that differs across the zone's sites: each value with
 * the number of sites that hold it, most common first.
 */
export function ValuesPopover({
  user,
  zoneId,
  target,
  onClose,
  onPick,
}: {
  user: string;
  zoneId: number;
  target: ValuesTarget;
  onClose: () => void;
  onPick: (row: GridRow, field: DivergentField) => void;
}) {
  const { t } = useTranslation();
  const values = useQuery(mostCommonQuery(user, zoneId, target.row, target.field));
  const title = t('itemAdjust.valuesTitle', {
    field: t(`itemAdjust.col.${target.field}`),
    item: target.row.idplu,
  });
  return (
    <Popover opened onChange={(o) => !o && onClose()} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <div style={{ position: 'fixed', left: target.x, top: target.y, width: 1, height: 1 }} />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={title} miw={260}>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {values.isPending ? (
            <Text size="sm">
              <Loader size="xs" mr={6} />
              {t('LOADING_PLEASE_WAIT')}
            </Text>
          ) : (
            <Table withTableBorder striped fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('itemAdjust.value')}</Table.Th>
                  <Table.Th ta="right">{t('itemAdjust.count')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(values.data ?? []).map((v) => (
                  <Table.Tr key={v.Key}>
                    <Table.Td>{formatFieldValue(target.field, v.Key)}</Table.Td>
                    <Table.Td ta="right">{v.Count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {PICKER_FIELDS.includes(target.field) && (
            <Button size="xs" variant="light" onClick={() => onPick(target.row, target.field)}>
              {t('itemAdjust.chooseCommonValue')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
