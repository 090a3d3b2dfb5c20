/**
 * The pricing mode's form (spec part 2 §4, §5): add percent, add amount, set amount or no change
 * (0), the four roundings, promotion date type 2. `@mantine/form` over the domain's
 * EventPricesSchema: 'Please enter an amount.' under the amount, Preview and OK offered only when
 * the form can submit. OK is debounced 2000 ms (a second press within it does nothing).
 */
import {
  applyPriceChange,
  type EventItem,
  EventPricesSchema,
  fromMinor,
  PRICE_SCALE,
  PromotionDateType,
  toMinor,
  UpdateType,
} from '@cpb/domain';
import { Button, Group, Radio, Stack, Table, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchForm } from '../../shared/batch/useBatchForm';
import { PRICE_SET_DEBOUNCE_MS } from './eventCalls';

const TYPES = [
  { value: UpdateType.AddPercent, label: 'pec.addPercent' },
  { value: UpdateType.AddAmount, label: 'pec.addAmount' },
  { value: UpdateType.SetAmount, label: 'pec.setAmount' },
  { value: UpdateType.NoChange, label: 'pec.noChange' },
] as const;
const ROUNDING = [
  { value: 0, label: 'pec.none' },
  { value: 1, label: 'pec.last5' },
  { value: 2, label: 'pec.last9' },
  { value: 3, label: 'pec.last5or9' },
] as const;

export interface SetPricesRequest {
  UpdateType: number;
  RoundType: number;
  ChangeAmount: string;
  PromotionDateType: number;
}

export function SetPricesForm({
  items,
  busy,
  onSubmit,
}: {
  items: readonly EventItem[];
  busy: boolean;
  onSubmit(body: SetPricesRequest): void;
}) {
  const { t } = useTranslation();
  const { form, values, parsed, issue, canSubmit } = useBatchForm(EventPricesSchema, {
    UpdateType: UpdateType.AddPercent as number,
    ChangeAmount: '',
    RoundType: 0,
  });
  const [preview, setPreview] = useState(false);
  const lastSent = useRef(0);
  const amountIssue =
    values.UpdateType !== UpdateType.NoChange && form.isTouched('ChangeAmount')
      ? issue('ChangeAmount')
      : undefined;

  const newPrice = (current: string | null) => {
    if (!parsed.success || current === null) return '';
    return fromMinor(
      applyPriceChange(toMinor(current, PRICE_SCALE), parsed.data.change, parsed.data.roundType),
      PRICE_SCALE,
    );
  };
  const submit = () => {
    const now = Date.now();
    if (!canSubmit || now - lastSent.current < PRICE_SET_DEBOUNCE_MS) return;
    lastSent.current = now;
    onSubmit({
      UpdateType: values.UpdateType,
      RoundType: values.RoundType,
      ChangeAmount: values.ChangeAmount,
      PromotionDateType: PromotionDateType.SetEffectiveDate,
    });
  };

  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('pec.updateType')}
        value={String(values.UpdateType)}
        onChange={(v) => form.setFieldValue('UpdateType', Number(v))}
      >
        <Group gap="md" mt={6}>
          {TYPES.map((o) => (
            <Radio key={o.value} value={String(o.value)} label={t(o.label)} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label={t('pec.amount')}
        w={200}
        disabled={values.UpdateType === UpdateType.NoChange}
        value={values.ChangeAmount}
        onChange={(e) => {
          form.setFieldValue('ChangeAmount', e.currentTarget.value);
          form.setTouched({ ChangeAmount: true });
        }}
        onBlur={() => form.setTouched({ ChangeAmount: true })}
        error={amountIssue}
        rightSection={values.UpdateType === UpdateType.AddPercent ? '%' : undefined}
      />
      <Radio.Group
        label={t('pec.rounding')}
        value={String(values.RoundType)}
        onChange={(v) => form.setFieldValue('RoundType', Number(v))}
      >
        <Group gap="md" mt={6}>
          {ROUNDING.map((r) => (
            <Radio key={r.value} value={String(r.value)} label={t(r.label)} />
          ))}
        </Group>
      </Radio.Group>
      <Group>
        <Button variant="default" disabled={!canSubmit} onClick={() => setPreview(true)}>
          {t('pec.preview')}
        </Button>
        <Button disabled={!canSubmit} loading={busy} onClick={submit}>
          {t('pec.setPriceButton')}
        </Button>
      </Group>
      {preview && parsed.success && (
        <Table withTableBorder striped aria-label={t('pec.preview')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pec.col.ID')}</Table.Th>
              <Table.Th>{t('pec.col.PackSize')}</Table.Th>
              <Table.Th>{t('pec.col.CurrentUnitList')}</Table.Th>
              <Table.Th>{t('pec.col.NewUnitList')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={`${i.ID}/${i.PackSize}`}>
                <Table.Td>{i.ID}</Table.Td>
                <Table.Td>{i.PackSize}</Table.Td>
                <Table.Td>{i.CurrentUnitList}</Table.Td>
                <Table.Td>{newPrice(i.CurrentUnitList)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
