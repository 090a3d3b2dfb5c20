/**
 * Report e-mail over real SMTP: an smtp-server on loopback receives the message; the recipients,
 * subject and the PDF attachment's name and bytes arrive as sent. A server that refuses, or none at
 * all, is a clear error, not a crash. Without SMTP_URL e-mail is off (and /appConfig says so).
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../test/support/app';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { AppError } from './errors';
import { mailService } from './mail';

interface Received {
  from: string | undefined;
  rcpt: string[];
  raw: Buffer;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith('@refused.example')) return cb(new Error('550 No such mailbox here'));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The headers and parts of a received multipart message (enough MIME for what nodemailer sends). */
function parseMime(raw: Buffer) {
  const text = raw.toString('latin1');
  const [head, ...rest] = text.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    unfolded
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  const boundary = /boundary="?([^";]+)"?/.exec(header('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error(`not multipart: ${header('Content-Type')}`);
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const [ph, ...pb] = p.replace(/^\r\n/, '').split('\r\n\r\n');
      const h = ph.replace(/\r\n[ \t]+/g, ' ');
      const content = pb.join('\r\n\r\n').replace(/\r\n$/, '');
      const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(h)?.[1].toLowerCase();
      return {
        contentType: /content-type:\s*([^;\r\n]+)/i.exec(h)?.[1].trim(),
        filename: /filename="?([^";\r\n]+)"?/i.exec(h)?.[1],
        content:
          encoding === 'base64'
            ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
            : Buffer.from(content, 'latin1'),
      };
    });
  return { header, parts };
}

// A small but real PDF, bytes kept exactly (binary, including non-ASCII bytes).
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  Buffer.from('1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
]);

describe('services.mail', () => {
  it('sends the report with its PDF attachment to To and Cc, from MAIL_FROM', async () => {
    const mail = mailService({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Price Book <pb@chain.example>',
    });
    expect(mail.enabled).toBe(true);
    received.length = 0;
    await mail.send({
      to: 'ann@chain.example',
      cc: 'bob@chain.example',
      subject: 'DTS preview, zone North',
      text: 'The preview is attached.',
      attachments: [{ filename: 'dts-preview.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(received).toHaveLength(1);
    const [m] = received;
    expect(m.from).toBe('pb@chain.example');
    expect(m.rcpt.sort()).toEqual(['ann@chain.example', 'bob@chain.example']);
    const parsed = parseMime(m.raw);
    expect(parsed.header('Subject')).toBe('DTS preview, zone North');
    expect(parsed.header('To')).toBe('ann@chain.example');
    expect(parsed.header('Cc')).toBe('bob@chain.example');
    expect(parsed.parts.map((p) => [p.contentType, p.filename])).toEqual([
      ['text/plain', undefined],
      ['application/pdf', 'dts-preview.pdf'],
    ]);
    expect(parsed.parts[0].content.toString().trim()).toBe('The preview is attached.');
    expect(Buffer.compare(parsed.parts[1].content, pdf)).toBe(0);
  });

  it('turns a refused recipient into a clear error', async () => {
    const mail = mailService({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'pb@chain.example' });
    const err = await mail
      .send({ to: 'nobody@refused.example', subject: 's', text: 't', attachments: [] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/^The e-mail could not be sent: .*550 No such mailbox here/);
  });

  it('turns an unreachable server into a clear error', async () => {
    // A port nobody listens on: take one, then free it.
    const free = net.createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const deadPort = (free.address() as net.AddressInfo).port;
    await new Promise<void>((r) => free.close(() => r()));
    const mail = mailService({ smtpUrl: `smtp://127.0.0.1:${deadPort}`, mailFrom: 'pb@chain.example' });
    const err = await mail
      .send({ to: 'ann@chain.example', subject: 's', text: 't', attachments: [] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/^The e-mail could not be sent: .*ECONNREFUSED/);
  });

  it('is off without SMTP_URL: enabled false, and send says e-mail is not configured', async () => {
    const mail = mailService({ smtpUrl: null, mailFrom: 'pb@chain.example' });
    expect(mail.enabled).toBe(false);
    await expect(mail.send({ to: 'a@b.example', subject: '', text: '', attachments: [] })).rejects.toThrow(
      'E-mail is not configured on this server (SMTP_URL).',
    );
  });
});

describe('GET /appConfig emailEnabled', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('is true with SMTP_URL and false without', async () => {
    for (const [smtpUrl, expected] of [
      [null, false],
      [`smtp://127.0.0.1:${port}`, true],
    ] as const) {
      const app = await makeApp(tdb.db, { smtpUrl });
      try {
        expect((await app.inject({ url: '/appConfig' })).json().emailEnabled).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });
});
