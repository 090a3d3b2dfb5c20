import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemEditor } from '../../../shared/item-editor/model/useItemEditor';

/**
 * ID/PLU and Pack Size: the only fields enabled before the lookup. The ID is upper-cased as typed
 * and a '/'+UPC-E expands when it is left; leaving the pack size runs the lookup.
 */
export function IdentityFields({ editor, search }: { editor: ItemEditor; search?: boolean }) {
  const { t } = useTranslation();
  const busy = editor.status === 'LOADING';
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        label={t('itemForm.idPlu')}
        value={editor.draft.ID}
        onChange={(e) => editor.setIdentity({ ID: e.currentTarget.value.toUpperCase() })}
        onBlur={() => {
          editor.normalizeId();
          editor.touch('ID');
        }}
        error={editor.visibleErrors.ID}
        disabled={editor.saving}
        withAsterisk
        w={220}
      />
      <TextInput
        label={t('itemForm.packSize')}
        value={editor.draft.PackSize}
        onChange={(e) => editor.setIdentity({ PackSize: e.currentTarget.value })}
        onBlur={() => {
          editor.touch('PackSize');
          editor.packSizeBlur();
        }}
        error={editor.visibleErrors.PackSize}
        disabled={editor.saving}
        inputMode="numeric"
        withAsterisk
        w={110}
      />
      {search && (
        <Button mt={25} variant="light" onClick={editor.lookup} disabled={!editor.canSearch} loading={busy}>
          {t('itemForm.search')}
        </Button>
      )}
    </Group>
  );
}
