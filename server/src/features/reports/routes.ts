/** Batch preview reports as PDF (spec part 1 §7 "Preview reports for batch dialogs"). */
import { reportCalls } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { sendPdf } from './reply';
import type { ReportService } from './service';

export async function reportRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; reports: ReportService } },
) {
  const { db, reports } = opts.services;
  route(
    app,
    reportCalls.batchPreview,
    async (req, reply) => {
      await assertZone(db, req, req.params.zone);
      const pdf = await reports.batchPreview({
        report: req.params.report,
        zoneNo: req.params.zoneNo,
        zoneName: req.params.zoneName,
        title: req.body.title,
        note: req.body.note,
        userName: requireUser(req).userName,
        columns: req.body.columns,
        rows: req.body.entities,
      });
      return sendPdf(reply, pdf, `${req.params.report}.pdf`);
    },
    // The PDF is laid out in a worker: this route must not hold the database gate meanwhile.
    { config: { dbGate: false } },
  );
}
