/** The one-line summaries and popover details of the item's sections (spec §2.6 summary rows). */

import { COST_SCALE, formatCurrency, PRICE_SCALE } from '@cpb/domain';
import { List, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ItemDraft } from '../model/itemDraft';
import type { ItemLookups } from '../model/itemQueries';
import { linkKey } from '../model/linkedItemRows';
import { marginText, moneyOf } from './CostPanel';

export type SummaryKey =
  | 'cost'
  | 'redemption'
  | 'taxGroup'
  | 'itemGroup'
  | 'purchase'
  | 'uom'
  | 'vendors'
  | 'linked';

export interface Summary {
  summary: string;
  details: ReactNode;
}

const dash = '-';

function lines(items: string[], none: string): ReactNode {
  if (items.length === 0) return <Text size="sm">{none}</Text>;
  return (
    <List size="sm" spacing={2}>
      {items.map((x) => (
        <List.Item key={x}>{x}</List.Item>
      ))}
    </List>
  );
}

export function summarize(key: SummaryKey, d: ItemDraft, lookups: ItemLookups, t: TFunction): Summary {
  const none = t('itemForm.none');
  const count = (n: number) => t('itemForm.summaryCount', { n: String(n) });
  switch (key) {
    case 'cost': {
      const list = moneyOf(d.UnitList, PRICE_SCALE);
      const cost = moneyOf(d.UnitCost, COST_SCALE);
      const margin = marginText(d.UnitList, d.UnitCost, d.InvType);
      const s = t('itemForm.summaryCost', {
        list: list === null ? dash : formatCurrency(list, PRICE_SCALE),
        cost: cost === null ? dash : formatCurrency(cost, COST_SCALE),
        margin: margin ? `${margin}%` : dash,
      });
      return { summary: s, details: <Text size="sm">{s}</Text> };
    }
    case 'redemption': {
      const r = lookups.redemptions.find((x) => String(x.ID) === d.CrvID);
      const s = r ? r.DisplayValue : (d.CrvID ?? none);
      return { summary: s, details: <Text size="sm">{r ? `${r.DisplayValue} (${r.Amount})` : s}</Text> };
    }
    case 'taxGroup': {
      const g = lookups.taxGroups.find((x) => String(x.ID) === d.TaxGroupId);
      const s = g ? g.DisplayName : (d.TaxGroupId ?? none);
      return { summary: s, details: <Text size="sm">{s}</Text> };
    }
    case 'itemGroup':
      return { summary: d.ItemGroups.join(', ') || none, details: lines(d.ItemGroups, none) };
    case 'purchase': {
      const s = t('itemForm.summaryPurchase', {
        vendor: d.VendorId || dash,
        min: d.MinOnHand || dash,
        max: d.MaxOnHand || dash,
        qty: d.MinPurchaseQty || dash,
      });
      return { summary: s, details: <Text size="sm">{s}</Text> };
    }
    case 'uom': {
      const rows = d.SizeDescs.map((u) => `${u.Unit} x ${u.Qty} (${u.Status})`);
      return { summary: rows.length ? rows.join(', ') : none, details: lines(rows, none) };
    }
    case 'vendors': {
      const rows = d.Vendors.map((v) => `${v.VendorID}: ${v.VendorItem}`);
      return { summary: rows.length ? count(rows.length) : none, details: lines(rows, none) };
    }
    case 'linked': {
      const rows = d.Recipes.map(
        (r) => `${linkKey(r)} x ${r.Qty}${r.Unit ? ` ${r.Unit}` : ''} (${r.status})`,
      );
      return { summary: rows.length ? count(rows.length) : none, details: lines(rows, none) };
    }
  }
}
