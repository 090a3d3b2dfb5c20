/**
 * An opened event (spec part 2 §4): the modes editing, cloning and pricing of a pending event,
 * editing and cloning read only for ready and distributed ones, the status flag and reason of an
 * error (blank_view), Undo of a distributed event, and the editing grid with its legends.
 */
import {
  type EventHeaderForm,
  type EventItem,
  EventMode,
  formatUsDate,
  isEventEditable,
  isWeekend,
  makeEventHeaderSchema,
  msg,
  type PricingEvent,
  PricingEventStatus,
  parseDateInput,
  UpdateType,
} from '@cpb/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/dates/DateField';
import { notify } from '../../shared/notify';
import { EventGrid, itemKeyOf } from './EventGrid';
import {
  eventItemsQuery,
  refOf,
  useDeleteEvent,
  useMergeFuture,
  useSetPricing,
  useUndoEvent,
  useUpdateEvent,
} from './eventCalls';
import { lookOf } from './eventLook';
import { SetPricesForm } from './SetPricesForm';

export type Mode = 'calendar_view' | 'editing' | 'cloning' | 'pricing' | 'blank_view';

/** An answer's ErrorMessage, or the spec's text for the failed action. */
const failure = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export function EventPanel({
  user,
  zone,
  event,
  mode,
  setMode,
  onBack,
  today,
}: {
  user: string;
  zone: string;
  event: PricingEvent;
  mode: Mode;
  setMode(m: Mode): void;
  onBack(): void;
  today: string;
}) {
  const { t } = useTranslation();
  const editable = isEventEditable(event.Status);
  const items = useQuery(eventItemsQuery(user, zone, event));
  const look = lookOf(event.Status);
  // Label and date on @mantine/form with the domain's schema (the server's date rule, once).
  const header = useForm<EventHeaderForm>({
    mode: 'controlled',
    initialValues: { name: event.PricingEventName, date: formatUsDate(event.EffectiveDate) },
    validate: schemaResolver(makeEventHeaderSchema({ today }), { sync: true }),
  });
  const { name, date } = header.values;
  const headerOk = header.isValid();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [prices, setPrices] = useState<Record<string, string>>({});
  const update = useUpdateEvent(user, zone);
  const remove = useDeleteEvent(user, zone);
  const setPricing = useSetPricing(user, zone);
  const merge = useMergeFuture(user, zone);
  const undo = useUndoEvent(user, zone);
  const list: EventItem[] = items.data ?? [];
  const found = useMemo(() => list.length, [list]);
  const zoneId = Number(zone);
  const eventRef = {
    ZoneSetupID: zoneId,
    EventName: event.PricingEventName,
    EffectiveDate: event.EffectiveDateTime,
  };

  const submit = async () => {
    const edited = list
      .filter((i) => prices[itemKeyOf(i)] !== undefined && prices[itemKeyOf(i)] !== i.FutureUnitList)
      .map((i) => ({
        ID: i.ID,
        PackSize: i.PackSize,
        UpdateKey: i.UpdateKey,
        FutureUnitList: prices[itemKeyOf(i)],
      }));
    try {
      const r = await update.mutateAsync({
        ...eventRef,
        NewName: name.trim(),
        NewEffectiveDate: parseDateInput(date) === event.EffectiveDate ? null : date,
        UpdatedPricingEvent: edited.length ? edited : null,
      });
      setPrices({});
      notify.info(r.Message);
    } catch (e) {
      notify.error(failure(e, msg('SUBMIT_CHANGES_FAILED')));
    }
  };
  const removeItems = async () => {
    try {
      await remove.mutateAsync({
        ...eventRef,
        SelectedItems: list
          .filter((i) => selected.has(itemKeyOf(i)))
          .map((i) => ({ ID: i.ID, PackSize: i.PackSize, UpdateKey: i.UpdateKey, isSelected: true })),
        PricingEventItemsToDelete: true,
      });
      setSelected(new Set());
      notify.info(msg('ITEMS_DELETED'));
    } catch (e) {
      notify.error(failure(e, msg('SUBMIT_CHANGES_FAILED')));
    }
  };
  const deleteEvent = async () => {
    try {
      await remove.mutateAsync({ ...eventRef, PricingEventItemsToDelete: false });
      notify.info(msg('ITEMS_DELETED'));
      onBack();
    } catch (e) {
      notify.error(failure(e, msg('SUBMIT_CHANGES_FAILED')));
    }
  };
  const clone = async () => {
    try {
      const made = await merge.mutateAsync({
        ZoneSetupID: zoneId,
        SelectedItems: list.map((i) => ({ ID: i.ID, PackSize: i.PackSize })),
        thePricingEvent: { PricingEventName: name.trim(), EffectiveDateTime: date },
        UpdateType: UpdateType.NoChange,
        RoundType: 0,
        Mode: EventMode.NewEvent,
      });
      // The clone takes the event's future prices (mergeFuturePricing started it from the current ones).
      if (made.Event) {
        await update.mutateAsync({
          ZoneSetupID: zoneId,
          EventName: made.Event.PricingEventName,
          EffectiveDate: made.Event.EffectiveDateTime,
          UpdatedPricingEvent: list.map((i) => ({
            ID: i.ID,
            PackSize: i.PackSize,
            FutureUnitList: i.FutureUnitList,
          })),
        });
      }
      notify.info(msg('EVENT_ITEMS_SAVED', { n: made.Count }));
      onBack();
    } catch (e) {
      notify.error(failure(e, msg('SUBMIT_CHANGES_FAILED')));
    }
  };
  const undoEvent = async () => {
    try {
      const r = await undo.mutateAsync({ ZoneSetupID: zoneId, thePricingEvent: refOf(event) });
      notify.info(r.Message);
      onBack();
    } catch (e) {
      notify.error(failure(e, msg('SUBMIT_CHANGES_FAILED')));
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={event.PricingEventName}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge
              styles={{ root: { background: look.color, color: look.textColor, textTransform: 'none' } }}
            >
              <span aria-hidden>{look.icon}</span> {msg(look.legend)}
            </Badge>
            <Text fw={600}>
              {event.PricingEventName} · {event.strEffectiveDateTime}
            </Text>
            {event.UndoOf !== null && (
              <Badge color="gray">{t('pec.undoOf', { id: String(event.UndoOf) })}</Badge>
            )}
          </Group>
          <Button variant="default" onClick={onBack}>
            {t('pec.back')}
          </Button>
        </Group>

        {mode === 'blank_view' ? (
          <Alert color="red" title={t('pec.statusFlag')}>
            <Text size="sm">{t('pec.errorLegend')}</Text>
            <Text size="sm">
              {t('pec.reason')}: {event.ErrorReason ?? ''}
            </Text>
          </Alert>
        ) : (
          <>
            <Group gap="xs">
              <Button variant={mode === 'editing' ? 'filled' : 'default'} onClick={() => setMode('editing')}>
                {t('pec.edit')}
              </Button>
              <Button variant={mode === 'cloning' ? 'filled' : 'default'} onClick={() => setMode('cloning')}>
                {t('pec.clone')}
              </Button>
              {editable && (
                <Button
                  variant={mode === 'pricing' ? 'filled' : 'default'}
                  onClick={() => setMode('pricing')}
                >
                  {t('pec.setPrices')}
                </Button>
              )}
              {event.Status === PricingEventStatus.Distributed && (
                <Button variant="default" color="orange" loading={undo.isPending} onClick={undoEvent}>
                  {t('pec.undo')}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {mode === 'editing'
                ? editable
                  ? t('pec.editingLegend')
                  : t('pec.readOnly')
                : mode === 'cloning'
                  ? t('pec.cloneLegend')
                  : t('pec.setPricesLegend')}
            </Text>
            {(mode === 'editing' || mode === 'cloning') && (
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('pec.label')}
                  value={name}
                  onChange={(e) => header.setFieldValue('name', e.currentTarget.value)}
                  disabled={mode === 'editing' && !editable}
                  w={260}
                />
                <DateField
                  label={t('pec.effectiveDate')}
                  value={date}
                  onChange={(v) => header.setFieldValue('date', v)}
                  minDate={today}
                  excludeDate={isWeekend}
                  disabled={mode === 'editing' && !editable}
                />
                {mode === 'editing' && editable && (
                  <>
                    <Button onClick={submit} loading={update.isPending} disabled={!headerOk}>
                      {t('pec.submit')}
                    </Button>
                    <Button color="red" variant="light" onClick={deleteEvent} loading={remove.isPending}>
                      {t('pec.deleteEvent')}
                    </Button>
                    <Button variant="default" onClick={removeItems} disabled={selected.size === 0}>
                      {t('pec.removeItems')}
                    </Button>
                  </>
                )}
                {mode === 'cloning' && (
                  <Button onClick={clone} loading={merge.isPending} disabled={!headerOk || found === 0}>
                    {t('pec.cloneButton')}
                  </Button>
                )}
              </Group>
            )}
            {mode === 'pricing' && editable && (
              <SetPricesForm
                items={list}
                busy={setPricing.isPending}
                onSubmit={async (body) => {
                  try {
                    const r = await setPricing.mutateAsync({
                      ZoneSetupID: zoneId,
                      thePricingEvent: refOf(event),
                      ...body,
                    });
                    notify.info(r.Message);
                  } catch (e) {
                    notify.error(failure(e, msg('SET_PRICES_FAILED')));
                  }
                }}
              />
            )}
            {items.isError && <Alert color="red">{msg('EDIT_EVENT_FAILED')}</Alert>}
            {items.isSuccess && (
              <Text size="sm" role="status">
                {found ? msg('EVENT_ITEMS_FOUND', { n: found }) : msg('NO_EVENT_ITEMS')}
              </Text>
            )}
            <EventGrid
              eventName={event.PricingEventName}
              items={list}
              editable={mode === 'editing' && editable}
              selected={selected}
              onSelect={setSelected}
              prices={prices}
              onPrice={(k, v) => setPrices((p) => ({ ...p, [k]: v }))}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
