import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/config';
import { writeToOutbox } from './mail.outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-time code carried by the message: logged in development when mail only goes to the outbox. */
  code?: string;
}

export interface MailLog {
  info(obj: object, msg: string): void;
}

export type MailDelivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

// One transporter per SMTP URL, reused by every message.
const transports = new Map<string, Transporter>();
function smtpTransport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) transports.set(url, (t = nodemailer.createTransport(url)));
  return t;
}

// Builds the exact message nodemailer would send, without sending it.
const outboxTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Sends through SMTP_URL when it is set. Without it (the embedded default) the message is written to
 * DATA_DIR/outbox as a .eml file (read it with `npm run mail:outbox`), and in development its code is also
 * logged, so a new user can finish sign-up on their own machine. Production never logs a code.
 */
export async function sendMail(config: Config, message: MailMessage, log?: MailLog): Promise<MailDelivery> {
  const mail = { from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html };
  if (config.smtpUrl) {
    const info = await smtpTransport(config.smtpUrl).sendMail(mail);
    return { via: 'smtp', messageId: String(info.messageId) };
  }
  const info = await outboxTransport.sendMail(mail);
  const file = await writeToOutbox(config.dataDir, info.message as Buffer);
  if (config.nodeEnv === 'development' && log) {
    log.info(
      { to: message.to, subject: message.subject, file, ...(message.code ? { code: message.code } : {}) },
      'mail written to the outbox (no SMTP_URL)',
    );
  }
  return { via: 'outbox', file };
}
