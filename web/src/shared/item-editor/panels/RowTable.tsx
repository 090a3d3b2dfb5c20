import { ActionIcon, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A small editable table of rows (vendors, units, linked items) with a remove button per row. */
export function RowTable({
  headers,
  rows,
  onRemove,
  removeLabel,
  disabled,
  label,
}: {
  headers: string[];
  rows: ReactNode[][];
  onRemove: (index: number) => void;
  removeLabel: (index: number) => string;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('itemForm.noRows')}
      </Text>
    );
  }
  return (
    <Table aria-label={label} verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((cells, i) => (
          // Rows have no identity of their own until saved; their position is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column order
              <Table.Td key={j} valign="top">
                {c}
              </Table.Td>
            ))}
            <Table.Td valign="top">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={removeLabel(i)}
                onClick={() => onRemove(i)}
                disabled={disabled}
              >
                ×
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
