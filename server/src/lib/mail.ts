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
  send(m: MailMessage): Promise<void>;
}

export function mailService(o: { smtpUrl: string | null; mailFrom: string }): MailService {
  if (!o.smtpUrl) {
    return {
      enabled: false,
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
