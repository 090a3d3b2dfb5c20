/**
 * Report e-mail (`services.mail`): nodemailer over the SMTP server SMTP_URL names, sent as MAIL_FROM.
 * Without SMTP_URL e-mail is off (`enabled` false; the page hides its e-mail buttons). A refused or
 * unreachable server is an AppError with the server's reason, never a crash.
 */
import { msg } from '@cpb/domain';
import nodemailer from 'nodemailer';
import { AppError } from './errors';

export interface MailMessage {
  to: string;
  cc?: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailService {
  enabled: boolean;
  /**
   * Before a report is laid out: 400 when To and Cc name more than MAIL_MAX_RECIPIENTS addresses,
   * 429 (with Retry-After) when the user has sent MAIL_PER_USER_PER_HOUR report e-mails in the last
   * hour (counted in this process); otherwise counts this one.
   */
  admit(userName: string, m: { to: string; cc?: string }): void;
  send(m: MailMessage): Promise<void>;
}

const HOUR_MS = 3_600_000;

/** The addresses of a To or Cc field (comma or semicolon separated). */
const addresses = (field: string | undefined) =>
  (field ?? '')
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);

function admission(o: { mailMaxRecipients?: number; mailPerUserPerHour?: number }) {
  const maxRecipients = o.mailMaxRecipients ?? 10;
  const perHour = o.mailPerUserPerHour ?? 20;
  const sent = new Map<string, number[]>();
  return (userName: string, m: { to: string; cc?: string }) => {
    const count = addresses(m.to).length + addresses(m.cc).length;
    if (count > maxRecipients) {
      throw new AppError('VALIDATION', msg('MAIL_TOO_MANY_RECIPIENTS', { count, max: maxRecipients }));
    }
    const key = userName.toLowerCase();
    const now = Date.now();
    const recent = (sent.get(key) ?? []).filter((t) => t > now - HOUR_MS);
    if (recent.length >= perHour) {
      const seconds = Math.max(1, Math.ceil((recent[0] + HOUR_MS - now) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        msg('MAIL_RATE_LIMITED', { max: perHour, minutes: Math.ceil(seconds / 60) }),
        { 'retry-after': String(seconds) },
      );
    }
    recent.push(now);
    sent.set(key, recent);
  };
}

export function mailService(o: {
  smtpUrl: string | null;
  mailFrom: string;
  mailMaxRecipients?: number;
  mailPerUserPerHour?: number;
}): MailService {
  const admit = admission(o);
  if (!o.smtpUrl) {
    return {
      enabled: false,
      admit,
      async send() {
        throw new AppError('VALIDATION', msg('MAIL_NOT_CONFIGURED'));
      },
    };
  }
  const transport = nodemailer.createTransport({
    url: o.smtpUrl,
    // A server that does not answer is an error within seconds, not a request left hanging.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    enabled: true,
    admit,
    async send(m) {
      try {
        await transport.sendMail({
          from: o.mailFrom,
          to: m.to,
          cc: m.cc || undefined,
          subject: m.subject,
          text: m.text,
          attachments: m.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        throw new AppError('INTERNAL', msg('MAIL_SEND_FAILED', { detail }));
      }
    },
  };
}
