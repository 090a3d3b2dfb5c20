/** Distribute to Sites calls (spec part 2 §7 "Site import and distribute", "Reports and e-mail"). */
import {
  DistributeToSitesBody,
  DtsEmailBody,
  DtsReportBody,
  type TransferStarted,
  UserParams,
} from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { root } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import { requireUser } from '../auth/guard';
import { mailReport, readyMail } from '../reports/mail';
import { sendPdf } from '../reports/reply';
import type { DistributionService } from './service';

/** The mail sender (services.mail). */
export type MailSender = MailService;

const tags = ['distribute to sites'];

export async function dtsRoutes(
  app: FastifyInstance,
  opts: { services: { distribution: DistributionService; mail?: MailSender } },
) {
  const { dts } = opts.services.distribution;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/distributeToSites/:user',
    { schema: { tags, params: UserParams, body: DistributeToSitesBody } },
    async (req) => {
      const user = requireUser(req);
      const sites = await dts.userSites(user.userId, req.body.sitenos);
      const { transferId } = await dts.start({
        userId: user.userId,
        userName: user.userName,
        siteIds: sites.map((s) => s.id),
        bModsOnly: req.body.bModsOnly,
      });
      const started: TransferStarted = { TransferID: transferId, Sites: sites.length };
      return root(started);
    },
  );

  for (const [report, url] of [
    ['invalidItemsPerSite', '/report/:user/pdf/invalidItemsPerSite'],
    ['preview', '/report/:user/dts/pdf/preview'],
  ] as const) {
    r.post(url, { schema: { tags, params: UserParams, body: DtsReportBody } }, async (req, reply) => {
      const user = requireUser(req);
      const sites = await dts.userSites(user.userId, req.body.sitenos);
      const { pdf, fileName } = await dts.pdf(report, {
        sites,
        bModsOnly: req.body.bModsOnly,
        userName: user.userName,
      });
      return sendPdf(reply, pdf, fileName);
    });
  }

  r.post(
    '/hbsreport/dts/invalidItemsPerSite/:user',
    { schema: { tags, params: UserParams, body: DtsReportBody } },
    async (req) => {
      const sites = await dts.userSites(requireUser(req).userId, req.body.sitenos);
      return root(await dts.conflicts(sites, req.body.bModsOnly));
    },
  );

  r.post(
    '/hbsreport/dts/preview/:user',
    { schema: { tags, params: UserParams, body: DtsReportBody } },
    async (req) => {
      const sites = await dts.userSites(requireUser(req).userId, req.body.sitenos);
      return root(await dts.preview(sites, req.body.bModsOnly));
    },
  );

  r.post(
    '/report/distributeToSites/:user/email',
    { schema: { tags, params: UserParams, body: DtsEmailBody } },
    async (req) => {
      const user = requireUser(req);
      const mail = readyMail(opts.services.mail, user.userName, req.body.emailInfo);
      const sites = await dts.userSites(user.userId, req.body.sitenos);
      const report = await dts.pdf(req.body.report, {
        sites,
        bModsOnly: req.body.bModsOnly,
        userName: user.userName,
      });
      return root(await mailReport(mail, req.body.emailInfo, report));
    },
  );
}
