/**
 * Cost panel: Unit List (required, money), Unit Cost (4 decimals; only with the UpdateUnitCost
 * preference) and margin (editable for non-X items with a cost; a typed margin sets the list).
 */

import {
  COST_SCALE,
  canEditMargin,
  editMargin,
  formatCurrency,
  formatDecimal,
  fromMinor,
  MARGIN_SCALE,
  MESSAGES,
  marginForDisplay,
  PRICE_SCALE,
  parseMoneyInput,
} from '@cpb/domain';
import { Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BelowCostWarning } from './BelowCostWarning';
import type { DraftBinding, ItemPerms } from './draftBinding';
import { ItemTextField } from './ItemTextField';

/** Minor units of a typed amount, or null when blank or invalid. */
export function moneyOf(text: string, scale: number): bigint | null {
  const r = parseMoneyInput(text, scale);
  return r.ok ? r.value : null;
}

/** The list price is formatted to money when the field is left (spec §5). */
export const formatListOnBlur = (v: string) => {
  const m = moneyOf(v, PRICE_SCALE);
  return m === null ? v : formatCurrency(m, PRICE_SCALE);
};

const formatCostOnBlur = (v: string) => {
  const m = moneyOf(v, COST_SCALE);
  return m === null ? v : fromMinor(m, COST_SCALE);
};

/** The margin shown in the edit panels: blank unless list and cost are both positive. */
export function marginText(list: string, cost: string, invType: string): string {
  const m = marginForDisplay({
    list: moneyOf(list, PRICE_SCALE),
    cost: moneyOf(cost, COST_SCALE),
    invType,
    panel: true,
  });
  return m === null ? '' : formatDecimal(m, MARGIN_SCALE);
}

/** Unit List: a currency input, required, formatted to money when left; locked for type X. */
export function UnitListField({ b }: { b: DraftBinding }) {
  const { t } = useTranslation();
  return (
    <ItemTextField
      b={b}
      field="UnitList"
      label={t('itemForm.unitList')}
      normalize={formatListOnBlur}
      disabled={b.draft.InvType === 'X'}
      withAsterisk
      inputMode="decimal"
    />
  );
}

export function CostPanel({
  b,
  perms,
  withList = true,
}: {
  b: DraftBinding;
  perms: ItemPerms;
  /** Add/Edit Item shows Unit List in the General column instead. */
  withList?: boolean;
}) {
  const { t } = useTranslation();
  const { UnitList, UnitCost, InvType } = b.draft;
  const shown = marginText(UnitList, UnitCost, InvType);
  const [margin, setMargin] = useState(shown);
  const [marginError, setMarginError] = useState<string | null>(null);
  useEffect(() => setMargin(shown), [shown]);
  const cost = moneyOf(UnitCost, COST_SCALE);
  const marginEditable = canEditMargin(InvType, cost) && !b.disabled;

  const applyMargin = () => {
    if (margin.trim() === shown) return;
    const r = editMargin({ invType: InvType, cost, text: margin });
    if (!r.ok) {
      setMarginError(MESSAGES[r.code]);
      setMargin(shown);
      return;
    }
    setMarginError(null);
    b.update({ UnitList: formatCurrency(r.value.list, PRICE_SCALE) });
  };

  return (
    <Stack gap={4}>
      <Group grow align="flex-start" gap="sm">
        {withList && <UnitListField b={b} />}
        <ItemTextField
          b={b}
          field="UnitCost"
          label={t('itemForm.unitCost')}
          normalize={formatCostOnBlur}
          disabled={!perms.updateUnitCost}
          title={perms.updateUnitCost ? undefined : t('itemForm.notAllowed')}
          inputMode="decimal"
        />
        <TextInput
          label={t('itemForm.margin')}
          value={margin}
          rightSection="%"
          disabled={!marginEditable}
          error={marginError}
          onChange={(e) => setMargin(e.currentTarget.value)}
          onBlur={applyMargin}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyMargin();
          }}
          inputMode="decimal"
        />
      </Group>
      <BelowCostWarning list={UnitList} cost={UnitCost} invType={InvType} />
    </Stack>
  );
}
