/** Batch preview reports as PDF (spec part 1 §7 "Preview reports for batch dialogs"). */
import { type BatchReportName, ReportBody, ReportParams } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { assertZone, requireUser } from '../auth/guard';
import { renderTablePdf } from './pdf';

/** Titles of the batch preview reports (the names are the domain's BATCH_REPORT_NAMES). */
export const BATCH_REPORTS: Record<BatchReportName, string> = {
  batchvendorreview: 'Set Vendor Preview',
  batchtaxreview: 'Set Tax Group Preview',
  batchredemptionreview: 'Set Redemption Preview',
  batchpricepreview: 'Set Price Preview',
  batchnegcostpreview: 'Set Negotiated Cost Preview',
  batchminmaxreview: 'Set Min/Max Preview',
  batchitemgrpreview: 'Set Item Group Preview',
  batchinactivereview: 'Set Inactive Preview',
  batchdeptreview: 'Set Department Preview',
  batchcostpreview: 'Set Cost Preview',
};

export async function reportRoutes(app: FastifyInstance, opts: { db: Db; timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/hbsreport/preview/:user/:zone/:zoneNo/:zoneName/:report',
    {
      // The PDF is laid out in a worker: this route must not hold the database gate meanwhile.
      config: { dbGate: false },
      schema: {
        tags: ['reports'],
        params: ReportParams,
        body: ReportBody,
      },
    },
    async (req, reply) => {
      await assertZone(opts.db, req, req.params.zone);
      const pdf = await renderTablePdf({
        title: req.body.title ?? BATCH_REPORTS[req.params.report],
        subtitle: `Zone ${req.params.zoneNo} - ${req.params.zoneName}`,
        note: req.body.note,
        userName: requireUser(req).userName,
        columns: req.body.columns,
        rows: req.body.entities,
        timeZone: opts.timeZone,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${req.params.report}.pdf"`)
        .send(pdf);
    },
  );
}
