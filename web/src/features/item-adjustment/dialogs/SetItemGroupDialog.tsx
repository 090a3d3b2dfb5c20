import { ItemGroupMode, itemGroupModes, setItemGroupSchema } from '@cpb/domain';
import { Autocomplete, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BatchDialog } from '../../../shared/batch/BatchDialog';
import type { DialogProps } from '../../../shared/batch/dialogProps';
import { useBatchForm } from '../../../shared/batch/useBatchForm';
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
  // newGrp follows the typed ID (a name not in the list); Description is sent only for a new group.
  const { form, values, parsed, issue, canSubmit } = useBatchForm(setItemGroupSchema, {
    ItemGrp: '',
    ItemGroupMode: ItemGroupMode.Add as ItemGroupMode,
    newGrp: false,
    Description: '',
  });
  const id = values.ItemGrp.trim();
  const allowed = itemGroupModes(values.newGrp);
  const idError = id !== '' ? issue('ItemGrp') : undefined;

  const changeGroup = (value: string) => {
    const upper = value.toUpperCase();
    const newGrp = upper.trim() !== '' && !itemGroups.some((g) => g.ID === upper.trim());
    const modes = itemGroupModes(newGrp);
    const mode = form.getValues().ItemGroupMode;
    form.setValues({ ItemGrp: upper, newGrp, ItemGroupMode: modes.includes(mode) ? mode : modes[0] });
  };

  return (
    <BatchDialog
      {...props}
      title={t('itemAdjust.batch.set_itemgroup')}
      canSubmit={canSubmit}
      body={() => ({
        itemgroup: parsed.data?.ItemGrp ?? id,
        themode: values.ItemGroupMode,
        Description: values.newGrp && values.Description.trim() ? values.Description.trim() : undefined,
      })}
    >
      <Stack gap="md">
        <Autocomplete
          label={t('itemAdjust.itemGroup.id')}
          data={itemGroups.map((g) => g.ID)}
          renderOption={({ option }) =>
            itemGroups.find((g) => g.ID === option.value)?.DisplayName ?? option.value
          }
          value={values.ItemGrp}
          onChange={changeGroup}
          limit={20}
          error={idError}
          data-autofocus
        />
        {values.newGrp && (
          <TextInput label={t('itemAdjust.itemGroup.description')} {...form.getInputProps('Description')} />
        )}
        <Radio.Group label={t('itemAdjust.itemGroup.mode')} {...form.getInputProps('ItemGroupMode')}>
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
