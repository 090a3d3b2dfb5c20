import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemGroup } from '../../shared/lookupTypes';
import type { OuRootRow } from './model/types';

/**
 * The Item groups dialog of a root row (spec part 2 §2): the item groups (GET
 * /itemgroups/{user}/{zone}), the item's shown groups checked. OK gives the chosen groups to the
 * opener, which makes them the row's edited item groups (and accepts the item). With the
 * preference disMaintainItemGroup the groups are shown, not changed.
 */
export function ItemGroupsDialog({
  row,
  groups,
  canMaintain,
  onChoose,
  onClose,
}: {
  row: OuRootRow;
  groups: readonly ItemGroup[];
  canMaintain: boolean;
  onChoose: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(row.ItemGroups));
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    // The item's groups first, then the others, each by ID.
    // An inactive group is offered only to an item already in it.
    const all = groups
      .filter((g) => g.Active || row.ItemGroups.includes(g.ID))
      .sort(
        (a, b) =>
          Number(row.ItemGroups.includes(b.ID)) - Number(row.ItemGroups.includes(a.ID)) ||
          a.ID.localeCompare(b.ID),
      );
    return s === ''
      ? all
      : all.filter((g) => g.ID.toLowerCase().includes(s) || g.Description.toLowerCase().includes(s));
  }, [groups, search, row.ItemGroups]);
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('outsideUpd.itemGroupsTitle', { item: row.key })}
      size="md"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{row.Description}</Text>
        {!canMaintain && (
          <Text size="sm" c="orange.9" role="status">
            {t('outsideUpd.itemGroupsLocked')}
          </Text>
        )}
        <TextInput
          label={t('outsideUpd.itemGroupsSearch')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="xs"
        />
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={6} role="group" aria-label={t('outsideUpd.itemGroups')}>
            {shown.map((g) => (
              <Checkbox
                key={g.ID}
                label={`${g.ID} - ${g.Description}`}
                checked={chosen.has(g.ID)}
                disabled={!canMaintain}
                onChange={(e) => toggle(g.ID, e.currentTarget.checked)}
              />
            ))}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('outsideUpd.itemGroupsNone')}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed" role="status">
          {t('outsideUpd.itemGroupsChosen', { n: String(chosen.size) })}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button disabled={!canMaintain} onClick={() => onChoose([...chosen])}>
          {t('outsideUpd.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
