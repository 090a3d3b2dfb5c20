/**
 * The editing grid (spec part 2 §4): ID, pack size, description, dept/sub, current and future unit
 * list, site, status; rows selectable for Remove Items; the future price editable while the event
 * is pending. A collision (another event changing the item that day) says which price wins.
 */
import type { EventItem } from '@cpb/domain';
import { Badge, Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const itemKeyOf = (i: Pick<EventItem, 'ID' | 'PackSize'>) => `${i.ID}/${i.PackSize}`;

export function EventGrid({
  eventName,
  items,
  editable,
  selected,
  onSelect,
  prices,
  onPrice,
}: {
  eventName: string;
  items: readonly EventItem[];
  editable: boolean;
  selected: ReadonlySet<string>;
  onSelect(next: Set<string>): void;
  prices: Readonly<Record<string, string>>;
  onPrice(key: string, value: string): void;
}) {
  const { t } = useTranslation();
  const all = items.length > 0 && items.every((i) => selected.has(itemKeyOf(i)));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder striped highlightOnHover aria-label={t('pec.event')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {editable && (
                <Checkbox
                  aria-label={t('pec.selectAll')}
                  checked={all}
                  onChange={() => onSelect(all ? new Set() : new Set(items.map(itemKeyOf)))}
                />
              )}
            </Table.Th>
            <Table.Th>{t('pec.col.ID')}</Table.Th>
            <Table.Th>{t('pec.col.PackSize')}</Table.Th>
            <Table.Th>{t('pec.col.ItemDescription')}</Table.Th>
            <Table.Th>{t('pec.col.DeptSub')}</Table.Th>
            <Table.Th>{t('pec.col.CurrentUnitList')}</Table.Th>
            <Table.Th>{t('pec.col.FutureUnitList')}</Table.Th>
            <Table.Th>{t('pec.col.SiteNo')}</Table.Th>
            <Table.Th>{t('pec.col.Status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => {
            const key = itemKeyOf(i);
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  {editable && (
                    <Checkbox
                      aria-label={t('pec.selectItem', { id: key })}
                      checked={selected.has(key)}
                      onChange={() => {
                        const next = new Set(selected);
                        if (next.has(key)) next.delete(key);
                        else next.add(key);
                        onSelect(next);
                      }}
                    />
                  )}
                </Table.Td>
                <Table.Td>{i.ID}</Table.Td>
                <Table.Td>{i.PackSize}</Table.Td>
                <Table.Td>{i.ItemDescription}</Table.Td>
                <Table.Td>{i.DeptSub}</Table.Td>
                <Table.Td>{i.CurrentUnitList}</Table.Td>
                <Table.Td>
                  {editable ? (
                    <TextInput
                      size="xs"
                      w={100}
                      aria-label={t('pec.futurePriceOf', { id: key })}
                      value={prices[key] ?? i.FutureUnitList}
                      onChange={(e) => onPrice(key, e.currentTarget.value)}
                    />
                  ) : (
                    i.FutureUnitList
                  )}
                  {i.Collision && (
                    <Text size="xs" c={i.Collision.Wins ? 'green.9' : 'orange.9'}>
                      <Badge size="xs" color="orange" mr={4}>
                        {t('pec.collision')}
                      </Badge>
                      {t('EVENT_COLLISION', {
                        name: i.Collision.EventName,
                        time: new Date(i.Collision.EffectiveDateTime).toLocaleTimeString(),
                        winner: i.Collision.Wins ? eventName : i.Collision.EventName,
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{i.SiteNo}</Table.Td>
                <Table.Td>{i.Status}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
