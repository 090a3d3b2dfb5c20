/** Add Item, simple mode (spec §2.5): one item, looked up by ID and pack size, then edited. */

import { itemKey, msg } from '@cpb/domain';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { itemKeyOf } from '../../../shared/item-editor/model/itemDraft';
import { ROW_STATUS_COLOR } from '../../../shared/item-editor/model/itemStatus';
import type { ItemEditor } from '../../../shared/item-editor/model/useItemEditor';
import type { DraftBinding, PanelContext } from '../../../shared/item-editor/panels/draftBinding';
import { IdentityFields } from './IdentityFields';
import { SimpleSections } from './SimpleSections';

function header(editor: ItemEditor, t: TFunction) {
  if (editor.cloneOf) return t('addItem.cloneHeader', { item: editor.cloneOf });
  const base = editor.base;
  if (!base || editor.status === 'WARNING') return null;
  const item = itemKey(base.ID, base.PackSize);
  return base.ExistingItem ? msg('EXISTING_ITEM_HEADER', { item }) : msg('NEW_ITEM_HEADER', { item });
}

export function SimpleAddItem({
  editor,
  ctx,
  onClear,
}: {
  editor: ItemEditor;
  ctx: PanelContext;
  /** Clear: back to the initial state (the page asks first when there are changes). */
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const b: DraftBinding = {
    draft: editor.draft,
    update: editor.update,
    touch: editor.touch,
    errors: editor.visibleErrors,
    disabled: !editor.ready || editor.saving,
  };
  const title = header(editor, t);
  const canSave = editor.ready && editor.validation.valid && (editor.dirty || !editor.base?.ExistingItem);
  const showSummary = editor.ready && !editor.validation.valid && (editor.dirty || editor.cloneOf !== null);
  const canClone = !!editor.base?.ExistingItem && !editor.cloneOf;
  return (
    <Stack gap="sm" data-status={editor.status}>
      <Group gap="sm" mih={34}>
        {title ? (
          <Title order={2} size="h3" data-testid="item-header">
            {title}
          </Title>
        ) : (
          <Text c="dimmed" size="sm">
            {t('addItem.enterId')}
          </Text>
        )}
        {editor.rowStatus && (
          <Badge color={ROW_STATUS_COLOR[editor.rowStatus]} variant="light" data-testid="row-status">
            {editor.rowStatus}
          </Badge>
        )}
        {editor.cloneOf && itemKeyOf(editor.draft) && (
          <Text size="sm" c="dimmed">
            {itemKeyOf(editor.draft)}
          </Text>
        )}
      </Group>
      {editor.cloneOf && editor.base?.UpcCode && (
        <Alert color="yellow" variant="light" p="xs" role="note" data-testid="clone-upc-note">
          {t('addItem.cloneUpcCleared', { upc: editor.base.UpcCode, item: editor.cloneOf })}
        </Alert>
      )}
      <SimpleSections identity={<IdentityFields editor={editor} />} b={b} ctx={ctx} ready={editor.ready} />
      {showSummary && editor.validation.summary && (
        <Alert color="red" variant="light" p="xs" role="status">
          {editor.validation.summary}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          onClick={editor.lookup}
          disabled={!editor.canSearch}
          loading={editor.status === 'LOADING' && !editor.saving}
        >
          {t('itemForm.search')}
        </Button>
        <Button variant="default" onClick={onClear} disabled={editor.status === 'LOADING'}>
          {t('itemForm.clear')}
        </Button>
        <Button onClick={editor.save} disabled={!canSave} loading={editor.saving}>
          {t('itemForm.save')}
        </Button>
        {canClone && (
          <Button variant="light" color="grape" onClick={editor.clone}>
            {t('itemForm.clone')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
