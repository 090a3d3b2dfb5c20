/**
 * The Outside Updates report (spec part 2 §7 "Reports and e-mail"): the zone's current list as the
 * screen loads it (the same roots, cap and order, queries.ts), one row per root with its incoming
 * and existing values, then a row per store it came from with what the store sent and what its row
 * held. Changed values are bold with a '*', the Cost Compare Variance (preference 7) and new items
 * are flagged. One table model, laid out as PDF (reports/pdf.ts, in the worker) or as HTML
 * (reports/html.ts); e-mailed as the PDF (reports/mail.ts).
 */
import { CHANGE_FLD, type ChangeFld, msg, OU_BIT_FIELD, type OuAction, type OuRoot } from '@cpb/domain';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { FIELDS, OU_FIELDS } from '../../db/fields';
import { AppError } from '../../lib/errors';
import { renderTableHtml } from '../reports/html';
import {
  type ReportColumn,
  type ReportRowStyle,
  renderTablePdf,
  type StyledCell,
  type TableReport,
} from '../reports/pdf';
import { presentRoot } from './presenter';
import {
  costVariancePercent,
  countRoots,
  type IncludedRow,
  includedOf,
  listRoots,
  type RootRow,
} from './queries';

export const OU_REPORT_TITLE = 'Outside Updates Report';

const ACTION_TEXT: Record<OuAction, string> = {
  noaction: 'No Action',
  accept: 'Accept',
  synch_site: 'Synch Site',
  reject: 'Reject',
};

const RED = '#b00020';
const GREEN = '#1e6b2d';
const ROOT_ROW: ReportRowStyle = { fill: '#eef2f7' };
/** A store's row: under its item, its name across Item and Size. */
const SITE_ROW: ReportRowStyle = { indent: 8, color: '#333333', span: 2 };

export const OU_REPORT_COLUMNS: ReportColumn[] = [
  { field: 'Item', header: 'Item / Site', width: 84 },
  { field: 'PackSize', header: 'Size', numeric: true, width: 18 },
  { field: 'Description', header: 'Description', width: '*' },
  { field: 'DeptSub', header: 'Dept/Sub', width: 30 },
  { field: 'ExistingDeptSub', header: 'Existing Dept/Sub', width: 32 },
  { field: 'Price', header: 'Price', numeric: true, width: 32 },
  { field: 'ExistingPrice', header: 'Existing Price', numeric: true, width: 32 },
  { field: 'Cost', header: 'Cost', numeric: true, width: 40 },
  { field: 'ExistingCost', header: 'Existing Cost', numeric: true, width: 38 },
  { field: 'Margin', header: 'Margin', numeric: true, width: 28 },
  { field: 'Changes', header: 'Other Changes', width: 104 },
  { field: 'Action', header: 'Action', width: 38 },
  { field: 'Flags', header: 'Flags', width: 44 },
];

const has = (flds: number, f: ChangeFld) => (flds & CHANGE_FLD[f]) !== 0;
const show = (v: string | number | boolean | null | undefined) =>
  v === null || v === undefined || v === '' ? '-' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** An incoming value: bold with a '*' when its field changed. */
function incoming(
  v: string | number | null | undefined,
  changed: boolean,
  color?: string,
): StyledCell | string {
  const text = v === null || v === undefined ? '' : String(v);
  if (!changed) return color ? { text, color } : text;
  return { text: `${text} *`, bold: true, ...(color ? { color } : {}) };
}

/** "Name old -> new" for each changed field that has no column of its own. */
function otherChanges(flds: number, fields: Array<[ChangeFld, string, unknown, unknown]>): string {
  return fields
    .filter(([f]) => has(flds, f))
    .map(([f, name, was, now]) =>
      f === 'description'
        ? `${name} was ${show(was as string | null)}`
        : f === 'itemGroup'
          ? name
          : `${name} ${show(was as string | null)} -> ${show(now as string | null)}`,
    )
    .join('; ');
}

/** The changes without a column of their own, with their labels, in the report's order. */
const OTHER_CHANGES: Array<[ChangeFld, string]> = [
  ['description', 'Description'],
  ['receiptDescription', 'Receipt desc.'],
  ['taxGroup', 'Tax group'],
  ['redemption', 'Redemption'],
  ['itemGroup', 'Item group'],
  ['active', 'Active'],
  ['vendor', 'Vendor'],
  ['min', 'Min on hand'],
  ['max', 'Max on hand'],
  ['minPurchaseQty', 'Min purchase qty'],
];

/** The zone's value of a change bit's field (the registry's field with that bit), or null. */
function zoneValue(r: RootRow, bit: ChangeFld): unknown {
  const f = OU_FIELDS.find((x) => FIELDS[x].change === bit);
  return f ? r[`z_${FIELDS[f].col}` as keyof RootRow] : null;
}

function rootRow(r: RootRow, p: OuRoot, percent: number): Record<string, unknown> {
  const f = r.change_flds;
  const flags: StyledCell[] = [];
  if (p.isNew) flags.push({ text: 'New', bold: true, color: GREEN });
  if (p.CostVariance) flags.push({ text: `Cost > ${percent}%`, bold: true, color: RED });
  return {
    Item: { text: p.Idcode, bold: true },
    PackSize: p.PackSize,
    Description: incoming(p.Description, !p.isNew && has(f, 'description')),
    DeptSub: incoming(p.DeptSub, !p.isNew && has(f, 'deptSub')),
    ExistingDeptSub: p.ExistingDeptSub ?? '',
    Price: incoming(p.Price, !p.isNew && has(f, 'price')),
    ExistingPrice: p.ZoneList ?? '',
    Cost: incoming(p.Cost, !p.isNew && has(f, 'cost'), p.CostVariance ? RED : undefined),
    ExistingCost: p.ExistingCost ?? '',
    Margin: p.Margin ?? '',
    Changes: p.isNew
      ? 'Item new to the zone'
      : otherChanges(
          f,
          OTHER_CHANGES.map(([bit, label]) => [bit, label, zoneValue(r, bit), p[OU_BIT_FIELD[bit]]]),
        ),
    Action: ACTION_TEXT[p.Action],
    // One cell: both flags on one line when an item has both.
    Flags: flags.length
      ? { text: flags.map((x) => x.text).join(', '), bold: true, color: flags.at(-1)?.color }
      : '',
  };
}

function siteRow(s: IncludedRow): Record<string, unknown> {
  const sent = s.values?.sent;
  const was = s.values?.was ?? null;
  const f = s.values?.changeFlds ?? 0;
  const ds = (d: { dept: number; sub: number } | null | undefined) =>
    d ? `${d.dept}.${String(d.sub).padStart(2, '0')}` : '';
  return {
    Item: `Site ${s.site_no} - ${s.site_name}`,
    PackSize: '',
    Description: incoming(sent?.description, has(f, 'description')),
    DeptSub: incoming(sent ? ds(sent) : null, has(f, 'deptSub')),
    ExistingDeptSub: ds(was),
    Price: incoming(sent?.unitList, has(f, 'price')),
    ExistingPrice: was?.unitList ?? '',
    Cost: '',
    ExistingCost: '',
    Margin: '',
    Changes: otherChanges(f, [
      ['description', 'Description', was?.description, null],
      ['receiptDescription', 'Receipt desc.', was?.receiptDescription, sent?.receiptDescription],
      ['taxGroup', 'Tax group', was?.taxGroupId, sent?.taxGroupId],
      ['active', 'Active', was?.active, sent?.active],
    ]),
    Action: '',
    Flags: '',
  };
}

export interface OuReportRequest {
  userId: number;
  userName: string;
  zoneId: number;
}

export function ouReportService(deps: { db: Db; config: Pick<AppConfig, 'businessTimeZone' | 'ouItemCap'> }) {
  const { db, config } = deps;

  /** The report's table: the zone's list (at most the cap) with each root's stores under it. */
  async function table(o: OuReportRequest): Promise<{ report: TableReport; fileName: string }> {
    const [zone] = await rows<{ zone_no: number; name: string }>(
      db,
      sql`select zone_no, name from zones where id = ${o.zoneId}`,
    );
    if (!zone) throw new AppError('FORBIDDEN', msg('FORBIDDEN_ZONE'));
    const cap = config.ouItemCap;
    const found = await listRoots(db, { zoneId: o.zoneId, limit: cap + 1 });
    const capped = found.length > cap;
    const roots = found.slice(0, cap);
    const included = await includedOf(
      db,
      roots.map((r) => r.id),
    );
    const percent = await costVariancePercent(db, o.userId);
    const sitesOf = new Map<number, IncludedRow[]>();
    for (const s of included) {
      const list = sitesOf.get(s.update_id);
      if (list) list.push(s);
      else sitesOf.set(s.update_id, [s]);
    }
    const body: Array<Record<string, unknown>> = [];
    const rowStyles: ReportRowStyle[] = [];
    let variance = 0;
    let fresh = 0;
    for (const r of roots) {
      const p = presentRoot(r, percent);
      if (p.CostVariance) variance++;
      if (p.isNew) fresh++;
      body.push(rootRow(r, p, percent));
      rowStyles.push(ROOT_ROW);
      for (const s of sitesOf.get(r.id) ?? []) {
        body.push(siteRow(s));
        rowStyles.push(SITE_ROW);
      }
    }
    const counts = `${roots.length} item(s), ${included.length} site row(s); ${fresh} new, ${variance} over the cost variance.`;
    const note = [
      counts,
      ...(capped
        ? [`${msg('OU_ITEM_CAP', { n: cap })} ${await countRoots(db, { zoneId: o.zoneId })} in all.`]
        : []),
      `Cost Compare Variance: ${percent > 0 ? `${percent}%` : 'not set'}.`,
      "* changed value (bold). Existing: the zone's value on an item row, the store's row before its change on a site row.",
    ].join('\n');
    return {
      report: {
        title: OU_REPORT_TITLE,
        subtitle: `Zone ${zone.zone_no} - ${zone.name}`,
        note,
        userName: o.userName,
        columns: OU_REPORT_COLUMNS,
        rows: body,
        rowStyles,
        orientation: 'landscape',
        fontSize: 7,
        cellPadding: 3,
        timeZone: config.businessTimeZone,
      },
      fileName: `outside-updates-zone-${zone.zone_no}.pdf`,
    };
  }

  return {
    table,
    /** The report as a PDF (letter landscape) and its file name. */
    async pdf(o: OuReportRequest): Promise<{ pdf: Buffer; fileName: string }> {
      const { report, fileName } = await table(o);
      return { pdf: await renderTablePdf(report), fileName };
    },
    /** The same report as one HTML page. */
    async html(o: OuReportRequest): Promise<string> {
      return renderTableHtml((await table(o)).report);
    },
  };
}

export type OuReportService = ReturnType<typeof ouReportService>;
