import type { Transporter } from 'nodemailer';
import { AppError, fail } from '../../errors';
import { StatusCode } from '../../../common/protocol';
import type { Services } from '../../services';

/** One mail to send. */
export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

const FALLBACK_FROM = 'fleet-console@localhost';

/** Whether a company of `chain` (the company, then its ancestors) can send mail, or SMTP_URL relays all of it. */
export async function mailReady(svc: Services, chain: number[]): Promise<boolean> {
  if (svc.config.smtpUrl) return true;
  const rows = await svc.db.query('SELECT 1 FROM companies WHERE id = ANY($1::bigint[]) AND coalesce("mailServer", \'\') <> \'\' AND coalesce("senderMail", \'\') <> \'\'', [chain]);
  return rows.length > 0;
}

/**
 * Sends a mail for a company (spec §3 Company: sender mailbox, password and mail server): the
 * nearest company of `chain` (the company, then its ancestors) that has a mail server set sends
 * it. SMTP_URL, when set, relays every mail instead (the sender mailbox stays the From).
 */
export async function sendCompanyMail(svc: Services, chain: number[], mail: OutgoingMail): Promise<{ messageId: string; accepted: string[] }> {
  const rows = await svc.db.query<{ id: number; senderMail: string | null; mailPassword: string | null; mailServer: string | null }>(
    `SELECT id, "senderMail", "mailPassword", "mailServer" FROM companies WHERE id = ANY($1::bigint[]) ORDER BY array_position($1::bigint[], id)`,
    [chain],
  );
  const own = rows.find((r) => r.mailServer && r.senderMail);
  let transport: Transporter;
  let from: string;
  // Loaded on first mail, not at start-up (issue 23).
  const { default: nodemailer } = await import('nodemailer');
  if (svc.config.smtpUrl) {
    transport = nodemailer.createTransport(svc.config.smtpUrl);
    from = rows.find((r) => r.senderMail)?.senderMail ?? FALLBACK_FROM;
  } else if (own) {
    const port = svc.config.smtpPort;
    transport = nodemailer.createTransport({
      host: own.mailServer!,
      port,
      secure: port === 465,
      auth: own.mailPassword ? { user: own.senderMail!, pass: own.mailPassword } : undefined,
      connectionTimeout: 15_000,
    });
    from = own.senderMail!;
  } else {
    throw fail.message(StatusCode.badRequest, 'mailNotConfigured');
  }
  try {
    const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
    return { messageId: String(info.messageId), accepted: (info.accepted as (string | { address: string })[]).map((a) => (typeof a === 'string' ? a : a.address)) };
  } catch (err) {
    throw new AppError(StatusCode.serverError, 'mailSendFailed', { detail: (err as Error).message.slice(0, 200) });
  } finally {
    transport.close();
  }
}
