import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import type { Language } from '../../lib/i18n';
import { countInWindow } from '../auth/index';
import { sendMail, type MailMessage } from '../mail/index';
import { codeMail, type CodePurpose } from './email-codes.mail';
import * as repo from './email-codes.repo';

/** A code is valid for 10 minutes, for one use, and for at most 5 tries (the 6th is refused even if right). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_TRIES = 5;
/** Codes sent per hour: to one email (per purpose), and from one client address. */
export const SEND_WINDOW_MS = 60 * 60 * 1000;
export const MAX_SENDS_PER_EMAIL = 5;
export const MAX_SENDS_PER_ADDRESS = 30;

export interface MailContext {
  ip: string | null;
  lang: Language;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const hashCode = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Counts a send against the email's and the address's hourly limits, BEFORE anything is sent; 429 with
 * Retry-After when either is over. Counted whether or not the email belongs to anyone, so the limit says nothing.
 */
export async function reserveSend(deps: Deps, k: { email: string; purpose: CodePurpose; ip: string | null }): Promise<void> {
  const now = deps.clock.now();
  const keys = [{ key: `code:${k.purpose}:${k.email}`, limit: MAX_SENDS_PER_EMAIL }];
  if (k.ip) keys.push({ key: `code-addr:${k.ip}`, limit: MAX_SENDS_PER_ADDRESS });
  let wait = 0;
  for (const { key, limit } of keys) {
    const { count, waitMs } = await countInWindow(deps.db, key, now, SEND_WINDOW_MS);
    if (count > limit) wait = Math.max(wait, waitMs);
  }
  if (wait > 0) {
    throw new AppError(
      429,
      'errors.otp_send_limit',
      undefined,
      { minutes: Math.ceil(wait / 60000) },
      { 'retry-after': String(Math.ceil(wait / 1000)) },
    );
  }
}

/** Makes a new code for an email and purpose (the previous one stops working) and answers it in clear, once. */
export async function issueCode(db: Kysely<Database>, k: { email: string; purpose: CodePurpose }, now: Date): Promise<string> {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  await repo.putCode(db, k, {
    codeHash: hashCode(salt, code),
    salt,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
  });
  await repo.deleteStaleCodes(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
  return code;
}

const wrongCode = () => new AppError(400, 'errors.otp_wrong', { code: 'errors.otp_wrong' });

/**
 * Checks a code and uses it up. Each try is counted first, in its own statement (never rolled back with a
 * failed request), so the try limit holds even for simultaneous tries.
 */
export async function consumeCode(deps: Deps, k: { email: string; purpose: CodePurpose; code: string }): Promise<void> {
  const now = deps.clock.now();
  const row = await repo.countTry(deps.db, k);
  if (!row || row.used_at) throw wrongCode();
  if (row.attempts > MAX_TRIES) throw new AppError(429, 'errors.otp_too_many_tries', { code: 'errors.otp_too_many_tries' });
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AppError(400, 'errors.otp_expired', { code: 'errors.otp_expired' });
  const given = Buffer.from(hashCode(row.salt, k.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) throw wrongCode();
  if (!(await repo.markUsed(deps.db, k, row.code_hash, now.toISOString()))) throw wrongCode();
}

/** Issues a code and emails it. `wait: false` answers before the mail is handed over (the caller must not reveal whether it went). */
export async function sendCode(
  deps: Deps,
  k: { email: string; purpose: CodePurpose; name: string },
  mail: MailContext,
  options: { wait: boolean },
): Promise<void> {
  const code = await issueCode(deps.db, k, deps.clock.now());
  const message = { to: k.email, ...codeMail(mail.lang, k.purpose, { name: k.name, code, minutes: CODE_TTL_MS / 60000 }), code };
  await deliver(deps, message, mail, { ...options, what: k.purpose });
}

/**
 * Hands a message to the mail module. `wait: true` answers 503 when it could not go; `wait: false` answers at
 * once and only logs a failure (the caller must not reveal whether it went).
 */
export async function deliver(
  deps: Deps,
  message: MailMessage,
  mail: MailContext,
  options: { wait: boolean; what: string },
): Promise<void> {
  const delivery = sendMail(deps.config, message, mail.log);
  if (options.wait) {
    try {
      await delivery;
    } catch (err) {
      mail.log.error({ err, purpose: options.what }, 'could not send the email');
      throw new AppError(503, 'errors.mail_failed');
    }
    return;
  }
  delivery.catch((err: unknown) => mail.log.error({ err, purpose: options.what }, 'could not send the email'));
}
