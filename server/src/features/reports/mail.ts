/**
 * A report sent by e-mail (spec part 2 §7 "Reports and e-mail"): the mail dialog's To, Cc, Subject
 * and Message, the report's PDF attached, over SMTP (lib/mail.ts). Shared by the reports that have
 * an e-mail call (Distribute to Sites, Outside Updates); the answer is `{fpath, Message}`.
 */
import { type EmailInfo, msg } from '@cpb/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { MailService } from '../../lib/mail';

type MailForm = z.output<typeof EmailInfo>;

/**
 * The mail service, checked before the report is laid out: 400 when this server has no SMTP_URL or
 * the form names too many recipients, 429 when the user has sent too many report e-mails lately.
 */
export function readyMail(mail: MailService | undefined, userName: string, e: MailForm): MailService {
  if (!mail?.enabled) throw new AppError('VALIDATION', 'E-mail is not set up on this server (SMTP_URL).');
  mail.admit(userName, e);
  return mail;
}

/** Sends the PDF as the attachment; a refused or unreachable server is 'fn=emailReport,...'. */
export async function mailReport(
  mail: MailService,
  e: MailForm,
  report: {
    pdf: Buffer;
    fileName: string;
    /** Further files sent with the PDF (the Negotiated Cost Report's recovery claim CSV). */
    extra?: { filename: string; content: Buffer; contentType: string }[];
  },
): Promise<{ fpath: string; Message: string }> {
  try {
    await mail.send({
      to: e.to,
      cc: e.cc || undefined,
      subject: e.subject,
      text: e.text,
      attachments: [
        { filename: report.fileName, content: report.pdf, contentType: 'application/pdf' },
        ...(report.extra ?? []),
      ],
    });
  } catch (err) {
    throw new AppError(
      'INTERNAL',
      msg('EMAIL_REPORT_FAILED', { detail: err instanceof Error ? err.message : String(err) }),
    );
  }
  return { fpath: report.fileName, Message: msg('REPORT_SENT') };
}
