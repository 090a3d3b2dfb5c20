/**
 * The Negotiated Cost Report's calls (spec part 2 §7 "Reports and e-mail"; negcost-report.ts): the
 * rows of the report view, the PDF, the HTML page and the PDF by e-mail; and the negotiated cost
 * preview report (negcost-preview.ts). The guard checks `{user}`;
 * the zone of the criteria is checked here.
 */
import { negCostCalls as c } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { mailReport, readyMail } from './mail';
import { negCostPreviewPdf } from './negcost-preview';
import { negCostReportService } from './negcost-report';
import { sendPdf } from './reply';

export async function negCostReportRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; config: AppConfig; mail?: MailService } },
) {
  const { db } = opts.services;
  const report = negCostReportService(opts.services);

  route(app, c.reportRows, async (req) => {
    await assertZone(db, req, req.body.ZoneSetupID);
    return root(await report.page(req.body));
  });

  route(
    app,
    c.reportPdf,
    async (req, reply) => {
      await assertZone(db, req, req.query.ZoneSetupID);
      const { pdf, fileName } = await report.pdf(req.query, requireUser(req).userName);
      return sendPdf(reply, pdf, fileName);
    },
    // The PDF is laid out in the worker: the route must not hold the database gate meanwhile.
    { config: { dbGate: false } },
  );

  route(
    app,
    c.previewReport,
    async (req, reply) => {
      await assertZone(db, req, req.body.ZoneSetupID);
      const pdf = await negCostPreviewPdf(
        req.body,
        requireUser(req).userName,
        opts.services.config.businessTimeZone,
      );
      return sendPdf(reply, pdf, 'negotiated-cost-preview.pdf');
    },
    { config: { dbGate: false } },
  );

  route(app, c.reportHtml, async (req, reply) => {
    await assertZone(db, req, req.query.ZoneSetupID);
    return reply
      .type('text/html; charset=utf-8')
      .send(await report.html(req.query, requireUser(req).userName));
  });

  route(app, c.reportClaimCsv, async (req, reply) => {
    await assertZone(db, req, req.query.ZoneSetupID);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="recovery-claim.csv"')
      .send(await report.claimsCsv(req.query));
  });

  route(
    app,
    c.reportEmail,
    async (req) => {
      await assertZone(db, req, req.body.ZoneSetupID);
      const userName = requireUser(req).userName;
      const mail = readyMail(opts.services.mail, userName, req.body.emailInfo);
      const pdf = await report.pdf(req.body, userName);
      // The recovery claim goes with it, as CSV for the vendor (docs/decisions.md "Issue 23").
      const csv = await report.claimsCsv(req.body);
      return root(
        await mailReport(mail, req.body.emailInfo, {
          ...pdf,
          extra: [{ filename: 'recovery-claim.csv', content: Buffer.from(csv), contentType: 'text/csv' }],
        }),
      );
    },
    { config: { dbGate: false } },
  );
}
