/**
 * Add Item (spec part 1 §2.5, §4): the 'Advance input' checkbox switches between the simple
 * form (one item) and the editable grid (many items); the clone checkbox appears when the
 * item shown may be cloned. Leaving or changing zone with unsaved changes asks first.
 */
import { type ItemAnswer, itemPriceSubmitError, msg } from '@cpb/domain';
import { Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { YesNoDialog } from '../../components/ConfirmDialogs';
import { useSession } from '../../shared/auth';
import { type GuardOptions, useUnsavedChangesGuard } from '../../shared/item-editor/model/itemGuard';
import { useItemLookups } from '../../shared/item-editor/model/itemQueries';
import { useItemEditor } from '../../shared/item-editor/model/useItemEditor';
import { useLookupMissingUoms } from '../../shared/item-editor/model/useLookupMissingUoms';
import { type PanelContext, permsOf } from '../../shared/item-editor/panels/draftBinding';
import { useFieldLabels } from '../../shared/item-editor/panels/useFieldLabels';
import { openItemEdit } from '../../shared/itemEditHandoff';
import { notify } from '../../shared/notify';
import { AdvancedAddItem } from './advanced/AdvancedAddItem';
import { useAdvancedRows } from './advanced/useAdvancedRows';
import { ExistsInZoneDialog } from './dialogs/ExistsInZoneDialog';
import { OutsideZoneDialog } from './dialogs/OutsideZoneDialog';
import { SimpleAddItem } from './simple/SimpleAddItem';

function AddItemScreen({ user }: { user: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useFieldLabels();
  const [advanced, setAdvanced] = useState(false);
  const [existing, setExisting] = useState<ItemAnswer | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  // The guard holds a zone change back while changes are unsaved; its zone is the page's zone.
  const live = useRef<GuardOptions>({ dirty: false, save: async () => true, onZoneChange: () => {} });
  const guard = useUnsavedChangesGuard(live);
  const zone = guard.zone;
  const lookups = useItemLookups(user, zone);

  const editor = useItemEditor({
    user,
    zone,
    departments: lookups.departments,
    labels,
    onExisting: setExisting,
    onSaved: () => editor.reset(),
  });
  const rows = useAdvancedRows({ user, zone, departments: lookups.departments, labels });
  live.current = {
    dirty: editor.dirty || rows.dirty,
    save: async () =>
      editor.dirty && !(await editor.saveNow()) ? false : rows.dirty ? rows.saveNow() : true,
    onZoneChange: (z) => {
      // Spec §4: a changed zone resets the item to its ID and pack size.
      editor.reset(editor.draft.ID, editor.draft.PackSize);
      rows.rezone(z);
    },
  };

  const ctx: PanelContext | null = useMemo(
    () => (zone === null ? null : { user, zone, lookups, perms: permsOf(lookups) }),
    [user, zone, lookups],
  );

  const missingUomNotice = useLookupMissingUoms(editor.base, editor.draft, editor.update);
  const outside = editor.status === 'WARNING' ? editor.base : null;
  const cloneAllowed = !advanced && (!!editor.base?.ExistingItem || editor.cloneOf !== null);

  return (
    // The advanced grid takes the window's height below its buttons (issue 25); the simple form scrolls.
    <Stack gap="md" className={advanced ? 'cpb-fill' : undefined}>
      <Group gap="xl">
        <Checkbox
          label={t('addItem.advanceInput')}
          checked={advanced}
          onChange={(e) => setAdvanced(e.currentTarget.checked)}
        />
        {cloneAllowed && (
          <Checkbox
            label={t('addItem.cloneTitle', { item: editor.cloneOf ?? editor.base?.idplu ?? '' })}
            checked={editor.cloneOf !== null}
            onChange={(e) => (e.currentTarget.checked ? editor.clone() : editor.uncloneTo())}
          />
        )}
        {lookups.loading && <Loader size="xs" aria-label={msg('LOADING_PLEASE_WAIT')} />}
      </Group>
      {ctx === null ? (
        <Text c="dimmed">{t('itemEdit.chooseZone')}</Text>
      ) : advanced ? (
        <AdvancedAddItem rows={rows} ctx={ctx} />
      ) : (
        <SimpleAddItem
          editor={editor}
          ctx={ctx}
          onClear={() => (editor.dirty ? setConfirmClear(true) : editor.reset())}
        />
      )}
      <ExistsInZoneDialog
        item={existing}
        onCancel={() => setExisting(null)}
        onEdit={(item) => {
          setExisting(null);
          guard.allowNextNavigation();
          openItemEdit(navigate, { item, returnTo: '/adjust/addItem' });
        }}
      />
      <OutsideZoneDialog
        item={outside}
        busy={editor.saving}
        onCancel={() => editor.reset(editor.draft.ID, editor.draft.PackSize)}
        onSave={(unitList) => {
          // Saving the price in this zone needs the outside item's cost and department (spec §5).
          const problem = outside && itemPriceSubmitError(outside);
          if (problem) notify.error(problem);
          else void editor.saveNow({ UnitList: unitList });
        }}
        onEdit={(unitList) => {
          if (!outside) return;
          editor.load(outside, { outsideCopy: true });
          editor.update({ UnitList: unitList });
        }}
      />
      <YesNoDialog
        opened={confirmClear}
        title={t('addItem.confirmResetTitle')}
        message={msg('CONFIRM_RESET')}
        onYes={() => {
          setConfirmClear(false);
          editor.reset();
        }}
        onNo={() => setConfirmClear(false)}
      />
      {missingUomNotice}
      {guard.dialog}
    </Stack>
  );
}

/** Route module of Add Item (loaded lazily by the router). */
export function Component() {
  const session = useSession();
  if (!session) return <Loader size="sm" />;
  return <AddItemScreen user={session.userName} />;
}
