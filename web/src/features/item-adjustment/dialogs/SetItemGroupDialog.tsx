import { ItemGroupMode, itemGroupModes, setItemGroupSchema } from '@cpb/domain';
import { Autocomplete, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import type { ItemGroup } from '../types';

const MODE_LABELS = {
  [ItemGroupMode.Add]: 'itemAdjust.itemGroup.add',
  [ItemGroupMode.Replace]: 'itemAdjust.itemGroup.replace',
  [ItemGroupMode.Create]: 'itemAdjust.itemGroup.create',
} as const;

/**
 * Set Item Group: a group ID (28 characters, upper-cased) and a mode: a new group can only be
 * created; an existing one added to or replaced.
 */
export function SetItemGroupDialog({
  itemGroups,
  ...props
}: DialogProps & { itemGroups: readonly ItemGroup[] }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState('');
  const [mode, setMode] = useState<ItemGroupMode>(ItemGroupMode.Add);
  const [description, setDescription] = useState('');
  const id = group.trim().toUpperCase();
  const newGrp = id !== '' && !itemGroups.some((g) => g.ID === id);
  const allowed = itemGroupModes(newGrp);
  const form = { ItemGrp: group, ItemGroupMode: mode, newGrp };
  const parsed = setItemGroupSchema.safeParse(form);
  const idError =
    group.trim() !== '' ? parsed.error?.issues.find((i) => i.path[0] === 'ItemGrp')?.message : undefined;

  const changeGroup = (value: string) => {
    const upper = value.toUpperCase();
    setGroup(upper);
    const isNew = upper.trim() !== '' && !itemGroups.some((g) => g.ID === upper.trim());
    const modes = itemGroupModes(isNew);
    if (!modes.includes(mode)) setMode(modes[0]);
  };

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_itemgroup')}
      canSubmit={parsed.success}
      body={() => ({
        itemgroup: parsed.data?.ItemGrp ?? id,
        themode: mode,
        Description: newGrp && description.trim() ? description.trim() : undefined,
      })}
    >
      <Stack gap="md">
        <Autocomplete
          label={t('itemAdjust.itemGroup.id')}
          data={itemGroups.map((g) => g.ID)}
          renderOption={({ option }) =>
            itemGroups.find((g) => g.ID === option.value)?.DisplayName ?? option.value
          }
          value={group}
          onChange={changeGroup}
          limit={20}
          error={idError}
          data-autofocus
        />
        {newGrp && (
          <TextInput
            label={t('itemAdjust.itemGroup.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        )}
        <Radio.Group
          label={t('itemAdjust.itemGroup.mode')}
          value={mode}
          onChange={(v) => setMode(v as ItemGroupMode)}
        >
          <Group gap="md" mt={6}>
            {Object.values(ItemGroupMode).map((m) => (
              <Radio key={m} value={m} label={t(MODE_LABELS[m])} disabled={!allowed.includes(m)} />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </BatchDialog>
  );
}
