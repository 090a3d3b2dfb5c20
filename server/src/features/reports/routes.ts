/** Batch preview reports as PDF (spec part 1 §7 "Preview reports for batch dialogs"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { assertZone, requireUser } from '../auth/guard';
import { renderTablePdf } from './pdf';

export const BATCH_REPORTS = {
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
} as const;

const Body = z.object({
  title: z.string().max(200).optional(),
  columns: z
    .array(z.object({ field: z.string(), header: z.string(), numeric: z.boolean().optional() }))
    .min(1)
    .max(30),
  entities: z.array(z.record(z.string(), z.unknown())).max(50_000),
});

export async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/hbsreport/preview/:user/:zone/:zoneNo/:zoneName/:report',
    {
      // The PDF is laid out in a worker: this route must not hold the database gate meanwhile.
      config: { dbGate: false },
      schema: {
        tags: ['reports'],
        params: z.object({
          user: z.string(),
          zone: z.string(),
          zoneNo: z.string(),
          zoneName: z.string(),
          report: z.enum(Object.keys(BATCH_REPORTS) as [keyof typeof BATCH_REPORTS]),
        }),
        body: Body,
      },
    },
    async (req, reply) => {
      await assertZone(opts.db, req, Number(req.params.zone));
      const pdf = await renderTablePdf({
        title: req.body.title ?? BATCH_REPORTS[req.params.report],
        subtitle: `Zone ${req.params.zoneNo} - ${req.params.zoneName}`,
        userName: requireUser(req).userName,
        columns: req.body.columns,
        rows: req.body.entities,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${req.params.report}.pdf"`)
        .send(pdf);
    },
  );
}
