/**
 * Add/Edit Item (route adjust/itemAdjEdit, spec part 1 §2.6): one item of the current zone, in
 * default mode (the editor) or history mode.
 *
 * Opening it with an item: call `openItemEdit(navigate, { item, returnTo })` from ./handoff. It
 * navigates here with the router state `{ itemHandoff: { item?, key?, returnTo? } }` and writes
 * the same JSON to sessionStorage under 'cpb.itemEdit' (ITEM_HANDOFF_KEY), so a screen that
 * cannot pass router state may just write that key and navigate to /adjust/itemAdjEdit.
 * - `item`: the item as lookUpBatchItem answers it; used as it is when it belongs to the current
 *   zone and carries its lists, otherwise looked up again by its ID and pack size.
 * - `key`: `{ ID, PackSize }` only; the page looks the item up in the current zone.
 * - `returnTo`: where Cancel goes (default Add Item).
 * Without a hand-over the page opens in add mode: type an ID and a pack size and search.
 */
import type { ItemAnswer } from '@cpb/domain';
import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { zoneLabel } from '../../components/ZonePicker';
import { useSession } from '../../shared/auth';
import { type GuardOptions, useUnsavedChangesGuard } from '../../shared/item-editor/model/itemGuard';
import { useItemLookups } from '../../shared/item-editor/model/itemQueries';
import { useItemEditor } from '../../shared/item-editor/model/useItemEditor';
import { useLookupMissingUoms } from '../../shared/item-editor/model/useLookupMissingUoms';
import { type PanelContext, permsOf } from '../../shared/item-editor/panels/draftBinding';
import { useFieldLabels } from '../../shared/item-editor/panels/useFieldLabels';
import { type ItemHandoff, takeHandoff } from '../../shared/itemEditHandoff';
import { notify } from '../../shared/notify';
import { userZonesQuery } from '../../shared/queries';
import { setCurrentZone } from '../../shared/zone';
import { EditItemForm } from './EditItemForm';
import { ItemHistory } from './history/ItemHistory';

const DEFAULT_RETURN = '/adjust/addItem';

/** A hand-over item complete enough to edit as it is. */
const usable = (item: ItemAnswer, zone: number): boolean =>
  item.ZoneSetupID === zone && Array.isArray(item.SizeDescs) && Array.isArray(item.Recipes);

function ItemEditScreen({ user, handoff }: { user: string; handoff: ItemHandoff | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useFieldLabels();
  const [mode, setMode] = useState<'default' | 'history'>('default');
  const live = useRef<GuardOptions>({ dirty: false, save: async () => true, onZoneChange: () => {} });
  const guard = useUnsavedChangesGuard(live);
  const zone = guard.zone;
  const lookups = useItemLookups(user, zone);
  const zones = useQuery(userZonesQuery(user));
  const lookupWhenZoned = useRef(false);

  const editor = useItemEditor({
    user,
    zone,
    departments: lookups.departments,
    labels,
    onOutside: (m) => {
      notify.info(m.Message);
      editor.load(m, { outsideCopy: true });
    },
    onSaved: (r) => {
      if (r.Items[0]) editor.load(r.Items[0], { saved: true });
    },
  });
  live.current = {
    dirty: editor.dirty,
    save: editor.saveNow,
    onZoneChange: () => {
      // Spec §4: a changed zone resets the item to its ID and pack size; it is looked up again.
      editor.reset(editor.draft.ID, editor.draft.PackSize);
      setMode('default');
      lookupWhenZoned.current = editor.draft.ID !== '';
    },
  };

  // The hand-over is read once, when the zone is known.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || zone === null || !handoff) return;
    started.current = true;
    const item = handoff.item;
    if (item && usable(item, zone)) {
      editor.load(item);
      return;
    }
    const key = item ? { ID: item.ID, PackSize: item.PackSize } : handoff.key;
    if (!key) return;
    editor.setIdentity({ ID: key.ID, PackSize: String(key.PackSize) });
    lookupWhenZoned.current = true;
  }, [zone, handoff, editor]);

  useEffect(() => {
    if (lookupWhenZoned.current && zone !== null) {
      lookupWhenZoned.current = false;
      editor.lookup();
    }
  });

  const missingUomNotice = useLookupMissingUoms(editor.base, editor.draft, editor.update);
  const ctx: PanelContext | null = useMemo(
    () => (zone === null ? null : { user, zone, lookups, perms: permsOf(lookups) }),
    [user, zone, lookups],
  );
  const currentZone = zones.data?.find((z) => z.ZoneSetupID === zone);
  const base = editor.base;
  const marker = base
    ? base.ExistingItem && !editor.cloneOf
      ? t('itemEdit.existing')
      : t('itemEdit.new')
    : null;
  const leave = () => void navigate(handoff?.returnTo ?? DEFAULT_RETURN);

  if (ctx === null) return <Text c="dimmed">{t('itemEdit.chooseZone')}</Text>;

  return (
    <Stack gap="md" data-status={editor.status}>
      <Group gap="sm">
        <Title order={2} size="h3">
          {t('itemEdit.heading')}
        </Title>
        {marker && (
          <Badge
            variant="light"
            color={marker === t('itemEdit.existing') ? 'blue' : 'teal'}
            data-testid="edit-marker"
          >
            {marker}
          </Badge>
        )}
        {currentZone && (
          <Text size="sm" c="dimmed" data-testid="edit-zone">
            {t('itemEdit.zone', { zone: zoneLabel(currentZone) })}
          </Text>
        )}
        {editor.rowStatus && editor.rowStatus !== marker && (
          <Badge variant="outline" color="gray" data-testid="row-status">
            {editor.rowStatus}
          </Badge>
        )}
      </Group>
      {mode === 'history' && base ? (
        <ItemHistory
          user={user}
          itemKey={{ ID: base.ID, PackSize: base.PackSize, ZoneSetupID: ctx.zone }}
          onBack={() => setMode('default')}
          onCancel={leave}
        />
      ) : (
        <>
          <EditItemForm editor={editor} ctx={ctx} />
          {editor.ready && !editor.validation.valid && editor.validation.summary && (
            <Text size="sm" c="red" role="status">
              {editor.validation.summary}
            </Text>
          )}
          <Group gap="sm">
            {base?.HasHistory && (
              <Button variant="light" onClick={() => setMode('history')} disabled={editor.saving}>
                {t('itemEdit.history')}
              </Button>
            )}
            <Button
              onClick={editor.save}
              disabled={!editor.ready || !editor.validation.valid}
              loading={editor.saving}
            >
              {t('itemEdit.save')}
            </Button>
            <Button variant="default" onClick={leave} disabled={editor.saving}>
              {t('itemEdit.cancel')}
            </Button>
            {lookups.loading && <Loader size="xs" />}
          </Group>
        </>
      )}
      {missingUomNotice}
      {guard.dialog}
    </Stack>
  );
}

/** Route module of Add/Edit Item (loaded lazily by the router). */
export function Component() {
  const session = useSession();
  const location = useLocation();
  const [handoff] = useState(() => takeHandoff(location.state, location.search));
  // A new tab (an itemEditHref address) has no current zone yet: the address names it.
  useEffect(() => {
    if (handoff?.zone) setCurrentZone(String(handoff.zone));
  }, [handoff]);
  if (!session) return <Loader size="sm" />;
  return <ItemEditScreen user={session.userName} handoff={handoff} />;
}
