/**
 * Report e-mail limits (both databases): a form naming more than MAIL_MAX_RECIPIENTS addresses (To
 * and Cc together) is 400 and sends nothing; a user past MAIL_PER_USER_PER_HOUR report e-mails is
 * 429 with Retry-After and sends nothing, while another user still sends.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signIn } from '../../../test/support/app';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { closeSuite, openPricebookSuite, type PricebookSuite } from '../../../test/support/suite';

let s: PricebookSuite;
let smtp: SmtpSink;
let app: FastifyInstance;
let ann: string;
let otto: string;

beforeAll(async () => {
  s = await openPricebookSuite({ sitesDir: true });
  smtp = await startSmtpSink();
  app = await makeApp(s.tdb.db, {
    sitesDir: s.sitesDir,
    smtpUrl: smtp.url,
    mailMaxRecipients: 3,
    mailPerUserPerHour: 2,
  });
  ann = await signIn(app, 'ann', 'ann-pw');
  otto = await signIn(app, 'otto', 'otto-pw');
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await closeSuite(s);
});

const email = (user: string, cookie: string, zone: number, emailInfo: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/report/outsideupdates/${user}/email`,
    headers: { cookie },
    payload: { ZoneSetupID: zone, ZoneNo: 1, ZoneName: 'Z', emailInfo },
  });

describe('report e-mail limits', () => {
  it('refuses more recipients than allowed (400), sending nothing', async () => {
    const before = smtp.received.length;
    const res = await email('ann', ann, s.pb.north.id, {
      to: 'a@example.test, b@example.test',
      cc: 'c@example.test; d@example.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMessage).toBe(
      'This e-mail has 4 recipients; a report e-mail may have at most 3 (To and Cc together).',
    );
    expect(smtp.received).toHaveLength(before);
  });

  it("a user past the hourly limit is 429 with Retry-After; another user's share is untouched", async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 2; i++) {
      const ok = await email('ann', ann, s.pb.north.id, {
        to: 'a@example.test',
        cc: 'b@example.test, c@example.test',
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const third = await email('ann', ann, s.pb.north.id, { to: 'a@example.test' });
    expect(third.statusCode).toBe(429);
    expect(third.json().ErrorMessage).toBe(
      'You have sent 2 report e-mails in the last hour. Try again in 60 minute(s).',
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect(smtp.received).toHaveLength(before + 2);
    const other = await email('otto', otto, s.pb.other.id, { to: 'o@example.test' });
    expect(other.statusCode, other.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 3);
  });
});
