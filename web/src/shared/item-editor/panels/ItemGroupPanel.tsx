/** Item groups of the item (not offered with the DisableItmGrp preference). */

import type { ItemGroup } from '@cpb/domain';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftBinding, ItemPerms } from './draftBinding';

/** Item group choices (spec §9: 20). */
const ITEM_GROUP_LIMIT = 20;

export function ItemGroupPanel({
  b,
  perms,
  groups,
}: {
  b: DraftBinding;
  perms: ItemPerms;
  groups: ItemGroup[];
}) {
  const { t } = useTranslation();
  const known = new Set(groups.map((g) => g.ID));
  const data = [
    ...groups.map((g) => ({ value: g.ID, label: g.DisplayName })),
    ...b.draft.ItemGroups.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <MultiSelect
      label={t('itemForm.itemGroups')}
      data={data}
      value={b.draft.ItemGroups}
      onChange={(v) => b.update({ ItemGroups: v })}
      searchable
      clearable
      limit={ITEM_GROUP_LIMIT}
      disabled={b.disabled || !perms.maintainItemGroups}
      title={perms.maintainItemGroups ? undefined : t('itemForm.notAllowed')}
      error={b.errors.ItemGroups}
    />
  );
}
