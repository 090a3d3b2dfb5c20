/**
 * The negotiated cost preview report (POST /report/{user}/preview, spec part 2 §7 "Negotiated
 * cost preview report"): the rows the page sends (a negotiated cost's items, e.g. a clone before it
 * is saved: ID, PackSize, Description, NegCostID, DeptName, VendorID, NegCost, BeginDate, EndDate,
 * Label) laid out as a PDF in the worker. Nothing is read or written; the route checks the zone.
 */
import { COST_SCALE, fromMinor, msg, type NegCostPreviewReportBody, toMinor } from '@cpb/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type ReportColumn, renderTablePdf } from './pdf';

export const NEG_COST_PREVIEW_TITLE = 'Negotiated Cost Preview';

const COLUMNS: ReportColumn[] = [
  { field: 'ID', header: 'ID' },
  { field: 'PackSize', header: 'Size', numeric: true },
  { field: 'Description', header: 'Description', width: '*' },
  { field: 'DeptName', header: 'Department' },
  { field: 'NegCostID', header: 'Neg. Cost ID', numeric: true },
  { field: 'VendorID', header: 'Vendor' },
  { field: 'NegCost', header: 'Neg. Cost', numeric: true },
  { field: 'BeginDate', header: 'Begin Date' },
  { field: 'EndDate', header: 'End Date' },
  { field: 'Label', header: 'Label' },
];

type Body = z.output<typeof NegCostPreviewReportBody>;

/** The PDF; no row is 404 'Nothing to report for the given criteria!'. */
export function negCostPreviewPdf(body: Body, userName: string, timeZone: string): Promise<Buffer> {
  if (body.Items.length === 0) throw new AppError('NOT_FOUND', msg('NOTHING_TO_REPORT'));
  const zone =
    body.ZoneNo !== undefined
      ? `Zone ${body.ZoneNo}${body.ZoneName ? ` - ${body.ZoneName}` : ''}`
      : `Zone ${body.ZoneSetupID}`;
  return renderTablePdf({
    title: NEG_COST_PREVIEW_TITLE,
    subtitle: zone,
    note: `${body.Items.length} item(s).`,
    userName,
    columns: COLUMNS,
    rows: body.Items.map((r) => ({
      ...r,
      // The cost at its 4 decimals, whatever was typed (1.5 -> 1.5000).
      NegCost: fromMinor(toMinor(r.NegCost, COST_SCALE), COST_SCALE),
    })),
    orientation: 'landscape',
    timeZone,
  });
}
