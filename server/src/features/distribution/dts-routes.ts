/** Distribute to Sites calls (spec part 2 §7 "Site import and distribute", "Reports and e-mail"). */
import { transferCalls as c, type TransferStarted } from '@cpb/domain';
import type { FastifyInstance } from 'fastify';
import { root } from '../../lib/errors';
import type { MailService } from '../../lib/mail';
import type { Turn } from '../../lib/request-gate';
import { route } from '../../lib/route';
import { requireUser } from '../auth/guard';
import { mailReport, readyMail } from '../reports/mail';
import { sendPdf } from '../reports/reply';
import type { DistributionService } from './service';

/** The mail sender (services.mail). */
export type MailSender = MailService;

export async function dtsRoutes(
  app: FastifyInstance,
  opts: { services: { distribution: DistributionService; mail?: MailSender } },
) {
  const { dts } = opts.services.distribution;
  const turn: Turn = (work) => app.dbGate.run(work);

  route(app, c.distributeToSites, async (req) => {
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
  });

  for (const [report, call] of [
    ['invalidItemsPerSite', c.conflictsPdf],
    ['preview', c.previewPdf],
  ] as const) {
    route(
      app,
      call,
      async (req, reply) => {
        const user = requireUser(req);
        const sites = await turn(() => dts.userSites(user.userId, req.body.sitenos));
        const { pdf, fileName } = await dts.pdf(report, {
          sites,
          bModsOnly: req.body.bModsOnly,
          userName: user.userName,
          turn,
        });
        return sendPdf(reply, pdf, fileName);
      },
      // Rows are read a page per turn at the database gate; the layout waits outside it.
      { config: { dbGate: false } },
    );
  }

  route(app, c.conflicts, async (req) => {
    const sites = await dts.userSites(requireUser(req).userId, req.body.sitenos);
    return root(await dts.conflicts(sites, req.body.bModsOnly));
  });

  route(app, c.preview, async (req) => {
    const sites = await dts.userSites(requireUser(req).userId, req.body.sitenos);
    return root(await dts.preview(sites, req.body.bModsOnly));
  });

  route(
    app,
    c.dtsEmail,
    async (req) => {
      const user = requireUser(req);
      const mail = readyMail(opts.services.mail, user.userName, req.body.emailInfo);
      const sites = await turn(() => dts.userSites(user.userId, req.body.sitenos));
      const report = await dts.pdf(req.body.report, {
        sites,
        bModsOnly: req.body.bModsOnly,
        userName: user.userName,
        turn,
      });
      return root(await mailReport(mail, req.body.emailInfo, report));
    },
    { config: { dbGate: false } },
  );
}
