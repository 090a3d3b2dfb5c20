/**
 * The Outside Updates report's calls (spec part 2 §7 "Reports and e-mail"; report.ts): the PDF, the
 * same report as an HTML page, and the PDF sent by e-mail. The guard checks `{user}` and `{zone}`;
 * the e-mail's zone is checked here.
 */
import { ouCalls as c } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { root } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import { route } from '../../lib/route';
import { assertZone, requireUser } from '../auth/guard';
import { mailReport, readyMail } from '../reports/mail';
import { sendPdf } from '../reports/reply';
import type { OuReportService } from './report';

export async function ouReportRoutes(
  app: FastifyInstance,
  opts: { services: { db: Db; ouReports: OuReportService; mail?: MailService } },
) {
  const { db, ouReports } = opts.services;
  const who = (req: Parameters<typeof requireUser>[0], zoneId: number) => {
    const u = requireUser(req);
    return { userId: u.userId, userName: u.userName, zoneId };
  };

  route(
    app,
    c.reportPdf,
    async (req, reply) => {
      await assertZone(db, req, req.params.zone);
      const { pdf, fileName } = await ouReports.pdf(who(req, req.params.zone));
      return sendPdf(reply, pdf, fileName);
    },
    // The PDF is laid out in the worker: the route must not hold the database gate meanwhile.
    { config: { dbGate: false } },
  );

  route(app, c.reportHtml, async (req, reply) => {
    await assertZone(db, req, req.params.zone);
    return reply.type('text/html; charset=utf-8').send(await ouReports.html(who(req, req.params.zone)));
  });

  route(
    app,
    c.reportEmail,
    async (req) => {
      await assertZone(db, req, req.body.ZoneSetupID);
      const mail = readyMail(opts.services.mail, requireUser(req).userName, req.body.emailInfo);
      const report = await ouReports.pdf(who(req, req.body.ZoneSetupID));
      return root(await mailReport(mail, req.body.emailInfo, report));
    },
    { config: { dbGate: false } },
  );
}
