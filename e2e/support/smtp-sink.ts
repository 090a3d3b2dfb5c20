/**
 * A real SMTP server on loopback for the journeys (started by playwright.config.ts beside the app,
 * whose SMTP_URL points here): it accepts every message and keeps it. A small HTTP side lets a
 * journey read what arrived: GET /messages gives [{ from, rcpt, raw }] (raw: the message as sent,
 * MIME and base64 parts included). Nothing leaves the machine.
 *
 *   tsx e2e/support/smtp-sink.ts <smtpPort> <httpPort>
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error('usage: smtp-sink.ts <smtpPort> <httpPort>');

interface Received {
  from: string | null;
  rcpt: string[];
  raw: string;
}
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        rcpt: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('latin1'),
      });
      cb();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    if (req.url !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
  })
  .listen(httpPort, '127.0.0.1');
