/** The Outside Updates grid's cell renderers: expand, item ID with the New badge, marked values, row menu. */
import { OU_ACTIONS, type OuAction, type OuRoot } from '@cpb/domain';
import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { changeOf, fieldValue, isEdited, originalValue, previousValue } from '../model/fields';
import type { OuRootRow, OuRow } from '../model/types';

/** What the cells call back into the page. */
export interface OuGridContext {
  onToggle: (key: string) => void;
  onAction: (row: OuRootRow, action: OuAction) => void;
  onImpact: (root: OuRoot) => void;
  onPriceList: (root: OuRoot) => void;
  onPickDept: (row: OuRootRow) => void;
  onItemGroups: (row: OuRootRow) => void;
  onAdjustPrice: (row: OuRootRow) => void;
  /** A suggested retail (Vendor Retail, Margin Retail) taken as the root's price: an edit of Price. */
  onTakePrice: (row: OuRootRow, price: string) => void;
  /** Whether two amounts are the same price (exact, at list scale). */
  samePrice: (a: unknown, b: string) => boolean;
  formatPrevious: (field: string, value: string) => string;
}

/** Fields whose change has a direction (greater or smaller); the others only differ. */
const ORDERED: ReadonlySet<string> = new Set([
  'Price',
  'Cost',
  'DeptSub',
  'MinOnHand',
  'MaxOnHand',
  'MinPurchaseQty',
]);

type P = ICellRendererParams<OuRow, unknown, OuGridContext>;

/** The expand column: a button per root with sites, naming its item and state. */
export function ExpandCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  if (row?.kind !== 'root' || row.siteCount === 0) return null;
  const names = { id: row.root.Idcode, pack: String(row.root.PackSize) };
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-expanded={row.expanded}
      aria-label={t(row.expanded ? 'outsideUpd.collapseRow' : 'outsideUpd.expandRow', names)}
      onClick={() => p.context.onToggle(row.key)}
    >
      <span aria-hidden>{row.expanded ? '▾' : '▸'}</span>
    </ActionIcon>
  );
}

/** Item ID of a root (with the New badge), or the site of a child row, indented under it. */
export function ItemCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  if (!row) return null;
  if (row.kind === 'site')
    return (
      <Text span size="sm" pl="md" c="dark.6">
        {t('outsideUpd.siteRow', { no: String(row.site.SiteNo), name: row.site.SetupDescription })}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <span>{row.root.Idcode}</span>
      {row.root.isNew && (
        <Badge size="xs" color="yellow.8" c="dark.9" variant="filled" className="ou-new-badge">
          {t('outsideUpd.newBadge')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A value, marked when it changed: an arrow for a greater or smaller incoming value, a dot for
 * another change, a pencil for the user's edit; screen readers hear 'changed' and the zone's value.
 */
export function ValueCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  const field = p.colDef?.field ?? '';
  const text = p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value));
  if (!row) return null;
  const edited = isEdited(row, field);
  const change = changeOf(row, field);
  if (!edited && change === 0) return <>{text}</>;
  const before = previousValue(row, field);
  const sent = originalValue(row, field);
  const said =
    sent !== null
      ? t('outsideUpd.editedFrom', { value: p.context.formatPrevious(field, sent) })
      : before === null
        ? t('outsideUpd.changed')
        : t('outsideUpd.changedFrom', { value: p.context.formatPrevious(field, before) });
  const ordered = ORDERED.has(field);
  const mark = edited ? '✎' : !ordered ? '●' : change === 1 ? '▲' : '▼';
  return (
    <span className={edited ? 'ou-edited' : 'ou-changed'} title={said}>
      <span aria-hidden className="ou-mark">
        {mark}
      </span>{' '}
      {text}
      <span className="ou-sr">{`, ${said}`}</span>
    </span>
  );
}

/** The row action menu (spec §2): No Action, Accept, Sync Site, Reject, Zone-Site Impact. */
export function MenuCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  if (row?.kind !== 'root') return null;
  const label = t('outsideUpd.rowMenu', { id: row.root.Idcode, pack: String(row.root.PackSize) });
  const menuLabel = (a: OuAction) =>
    a === 'synch_site' ? t('outsideUpd.syncSite') : t(`outsideUpd.action.${a}`);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={label}>
          <span aria-hidden>⋮</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        {OU_ACTIONS.map((a) => (
          <Menu.Item
            key={a}
            disabled={a === row.action || (a === 'synch_site' && row.root.isNew)}
            onClick={() => p.context.onAction(row, a)}
          >
            {menuLabel(a)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => p.context.onImpact(row.root)}>{t('outsideUpd.zoneSiteImpact')}</Menu.Item>
        <Menu.Item onClick={() => p.context.onPriceList(row.root)}>{t('outsideUpd.zonePriceList')}</Menu.Item>
        <Menu.Item onClick={() => p.context.onAdjustPrice(row)} disabled={row.root.ItemType === 'X'}>
          {t('outsideUpd.adjustPrice')}
        </Menu.Item>
        <Menu.Item onClick={() => p.context.onItemGroups(row)}>{t('outsideUpd.itemGroups')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The cost variance flag: the incoming cost moves more than the user's percent (preference 7). */
export function VarianceCell(p: P & { percent: number }) {
  const { t } = useTranslation();
  const row = p.data;
  if (row?.kind !== 'root' || !row.root.CostVariance) return null;
  const title = t('outsideUpd.costVariance', { pct: String(p.percent) });
  return (
    <Badge size="sm" color="orange.9" variant="light" title={title}>
      {t('outsideUpd.costVarianceShort')}
      <span className="ou-sr">{`: ${title}`}</span>
    </Badge>
  );
}

/** The department of a root: its marked value and a button that opens the department picker. */
export function DeptCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  if (row?.kind !== 'root') return <ValueCell {...p} />;
  const label = t('outsideUpd.chooseDept', { id: row.root.Idcode, pack: String(row.root.PackSize) });
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <ValueCell {...p} />
      <ActionIcon
        variant="subtle"
        size="xs"
        aria-label={label}
        title={label}
        onClick={(e) => {
          e.stopPropagation();
          p.context.onPickDept(row);
        }}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        <span aria-hidden>…</span>
      </ActionIcon>
    </Group>
  );
}

/**
 * A suggested retail (the vendor's, or the one keeping the item's margin): its amount and, on a
 * root whose price differs, a button taking it as the price (an edit of Price, marked like one).
 */
export function RetailCell(p: P) {
  const { t } = useTranslation();
  const row = p.data;
  const text = p.valueFormatted ?? '';
  const price = typeof p.value === 'string' ? p.value : null;
  if (row?.kind !== 'root' || price === null || price === '') return <>{text}</>;
  const field = p.colDef?.field ?? '';
  const label = t('outsideUpd.useRetailName', {
    label: t(`outsideUpd.col.${field}` as 'outsideUpd.col.VendorRetail'),
    price: text,
    id: row.root.Idcode,
    pack: String(row.root.PackSize),
  });
  const same = p.context.samePrice(fieldValue(row, 'Price'), price);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <span>{text}</span>
      {!same && (
        <Button
          variant="light"
          size="compact-xs"
          aria-label={label}
          title={label}
          onClick={() => p.context.onTakePrice(row, price)}
        >
          {t('outsideUpd.useRetail')}
        </Button>
      )}
    </Group>
  );
}
