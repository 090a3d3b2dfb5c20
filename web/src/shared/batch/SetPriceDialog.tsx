import type { PricingEvent } from '@cpb/domain';
import {
  allowedModes,
  choosePriceOpt,
  EventMode,
  formatUsDate,
  fromMinor,
  isWeekend,
  MARGIN_SCALE,
  makeSetPriceSchema,
  NONE_EVENT,
  PRICE_SCALE,
  type PriceOpt,
  pricingEventStatus,
  type SetPriceForm,
  selectableEvents,
  UpdateType,
} from '@cpb/domain';
import { Autocomplete, Badge, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/dates/DateField';
import { BatchDialog } from './BatchDialog';
import { type DialogProps, useBusinessToday } from './dialogProps';

const OPTIONS = [
  { opt: 'addAmount', field: 'addAmount', label: 'itemAdjust.price.addAmount' },
  { opt: 'setAmount', field: 'setAmount', label: 'itemAdjust.price.setAmount' },
  { opt: 'percentage', field: 'addPercent', label: 'itemAdjust.price.percentage' },
] as const;
const ROUNDING = [
  { value: 'none', last5: false, last9: false, label: 'itemAdjust.price.none' },
  { value: 'last5', last5: true, last9: false, label: 'itemAdjust.price.last5' },
  { value: 'last9', last5: false, last9: true, label: 'itemAdjust.price.last9' },
  { value: 'last5or9', last5: true, last9: true, label: 'itemAdjust.price.last5or9' },
] as const;
const MODES = [
  { mode: EventMode.AddToEvent, label: 'itemAdjust.price.mode1' },
  { mode: EventMode.ReplaceItems, label: 'itemAdjust.price.mode2' },
  { mode: EventMode.NewEvent, label: 'itemAdjust.price.mode3' },
] as const;

const EMPTY: SetPriceForm = {
  priceOpt: 'addAmount',
  addAmount: '',
  setAmount: '',
  addPercent: '',
  last5: false,
  last9: false,
  // Empty, not '--None--': that text would filter the event list down to nothing.
  PricingEventName: '',
  existingEvent: false,
  EffectiveDate: '',
  Mode: null,
};

/**
 * Set Price (spec part 1 §2.4, §4): add amount, set amount or percentage (choosing one clears
 * the others), rounding, and an optional pricing event with its effective date (today or
 * later, no weekends) and mode 1-3 as the event's status allows.
 */
export function SetPriceDialog({
  events,
  title,
  intro,
  ...props
}: DialogProps & {
  events: readonly PricingEvent[];
  /** The dialog's title (Set Price unless the opener names what it prices). */
  title?: string;
  /** What the opener prices, above the form (e.g. one outside update's item and prices). */
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  const today = useBusinessToday();
  const schema = useMemo(() => makeSetPriceSchema({ today }), [today]);
  // The domain's Set Price schema is the form's resolver: OK is offered only when it passes, and
  // its parsed output (change, rounding, event) is what the call sends.
  const priceForm = useForm<SetPriceForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(schema, { sync: true }),
  });
  const form = priceForm.values;
  const setForm = (next: (prev: SetPriceForm) => SetPriceForm) =>
    priceForm.setValues((prev) => next(prev as SetPriceForm));
  const choices = useMemo(() => selectableEvents(events), [events]);
  const parsed = schema.safeParse(form);
  const status = pricingEventStatus({ ...form, today });
  const modes = allowedModes(status);
  const hasEvent = (form.PricingEventName ?? '').trim() !== '' && form.PricingEventName !== NONE_EVENT;
  const dateIssue = parsed.error?.issues.find((i) => i.path[0] === 'EffectiveDate')?.message;
  const rounding = ROUNDING.find((r) => r.last5 === form.last5 && r.last9 === form.last9)?.value ?? 'none';

  const setEventName = (name: string) => {
    const event = choices.find((e) => e.PricingEventName === name);
    if (name.trim() === '' || name === NONE_EVENT) {
      // Choosing no event resets the event part of the form (spec part 1 §4).
      setForm((f) => ({
        ...f,
        PricingEventName: '',
        existingEvent: false,
        EffectiveDate: '',
        Mode: null,
      }));
    } else if (event) {
      setForm((f) => ({
        ...f,
        PricingEventName: name,
        existingEvent: true,
        EffectiveDate: formatUsDate(event.EffectiveDate),
        Mode: EventMode.AddToEvent,
      }));
    } else {
      setForm((f) => {
        const next = { ...f, PricingEventName: name, existingEvent: false };
        return {
          ...next,
          Mode: pricingEventStatus({ ...next, today }) === 'new_event' ? EventMode.NewEvent : null,
        };
      });
    }
  };
  const setDate = (date: string) =>
    setForm((f) => {
      const next = { ...f, EffectiveDate: date };
      return {
        ...next,
        Mode: pricingEventStatus({ ...next, today }) === 'new_event' ? EventMode.NewEvent : f.Mode,
      };
    });

  const body = () => {
    if (!parsed.success) return {};
    const { change, roundType, event } = parsed.data;
    const scale = change.type === UpdateType.AddPercent ? MARGIN_SCALE : PRICE_SCALE;
    return {
      UpdateType: change.type,
      RoundType: roundType,
      ChangeAmount: fromMinor(change.amount, scale),
      PricingEventName: event?.name ?? null,
      strEffectiveDate: event ? formatUsDate(event.effectiveDate) : null,
      PricingEventMode: event?.mode ?? null,
    };
  };

  return (
    <BatchDialog
      {...props}
      title={title ?? t('itemAdjust.batch.set_price')}
      canSubmit={priceForm.isValid()}
      body={body}
    >
      <Stack gap="md">
        {intro}
        <Radio.Group
          label={t('itemAdjust.price.option')}
          value={form.priceOpt}
          onChange={(v) => setForm((f) => choosePriceOpt(f, v as PriceOpt))}
        >
          <Stack gap={6} mt={6}>
            {OPTIONS.map((o) => (
              <Group key={o.opt} gap="sm" wrap="nowrap">
                <Radio value={o.opt} label={t(o.label)} w={140} />
                <TextInput
                  aria-label={t(o.label)}
                  value={form[o.field] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((f) => ({ ...choosePriceOpt(f, o.opt), [o.field]: value }));
                  }}
                  rightSection={o.opt === 'percentage' ? '%' : undefined}
                  w={160}
                  size="xs"
                />
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('itemAdjust.price.rounding')}
          value={rounding}
          onChange={(v) => {
            const r = ROUNDING.find((x) => x.value === v) ?? ROUNDING[0];
            setForm((f) => ({ ...f, last5: r.last5, last9: r.last9 }));
          }}
        >
          <Group gap="md" mt={6}>
            {ROUNDING.map((r) => (
              <Radio key={r.value} value={r.value} label={t(r.label)} />
            ))}
          </Group>
        </Radio.Group>
        <Autocomplete
          label={t('itemAdjust.price.eventName')}
          placeholder={NONE_EVENT}
          data={[NONE_EVENT, ...choices.map((e) => e.PricingEventName)]}
          value={form.PricingEventName ?? ''}
          onChange={setEventName}
          limit={50}
        />
        {hasEvent && (
          <Stack gap="sm" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-2)' }}>
            <Group gap="sm" align="flex-start">
              <DateField
                label={t('itemAdjust.price.effectiveDate')}
                value={form.EffectiveDate ?? ''}
                onChange={setDate}
                error={dateIssue}
                minDate={today}
                excludeDate={isWeekend}
                disabled={form.existingEvent}
                required
                w={180}
              />
              {status === 'new_event' && (
                <Badge color="green" variant="filled" mt={30}>
                  {t('itemAdjust.price.newMarker')}
                </Badge>
              )}
            </Group>
            <Radio.Group
              label={t('itemAdjust.price.mode')}
              value={form.Mode == null ? null : String(form.Mode)}
              onChange={(v) => setForm((f) => ({ ...f, Mode: Number(v) }))}
            >
              <Group gap="md" mt={6}>
                {MODES.map((m) => (
                  <Radio
                    key={m.mode}
                    value={String(m.mode)}
                    label={`${m.mode} - ${t(m.label)}`}
                    disabled={!modes.includes(m.mode)}
                  />
                ))}
              </Group>
            </Radio.Group>
          </Stack>
        )}
        {!parsed.success && (
          <Text size="xs" c="dimmed" role="status">
            {parsed.error.issues[0]?.message}
          </Text>
        )}
      </Stack>
    </BatchDialog>
  );
}
