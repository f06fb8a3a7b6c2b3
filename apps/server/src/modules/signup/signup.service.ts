import type { RegisterBody, ShopInfoBody } from '@posauto/shared/schemas/accounts';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/dialect/index';
import { AppError, conflict, invalid } from '../../http/errors';
import type { Language } from '../../lib/i18n';
import { hashPassword, hashToken, newToken } from '../../lib/secrets';
import { writeAudit } from '../../kernel/audit';
import { createBusiness, seedName } from '../businesses/index';
import { forgotPassword } from '../password-reset/index';
import { consumeCode, deliver, reserveSend, sendCode, type CodePurpose, type MailContext } from '../email-codes/index';
import { deleteImage, normaliseImage, storeImage } from '../media/index';
import { decodeLogo } from './logo';
import { accountExistsMail } from './signup.mail';
import * as repo from './signup.repo';

/** After the email is verified, the shop info must follow within an hour. */
export const REGISTRATION_TOKEN_TTL_MS = 60 * 60 * 1000;
const STALE_REGISTRATION_MS = 7 * 24 * 60 * 60 * 1000;

const registrationExpired = () => new AppError(400, 'errors.registration_expired', { registration_token: 'errors.registration_expired' });

/**
 * Step 1: names, email and package, and a code emailed to prove the address. Anyone can call this for any email,
 * so it never changes a pending sign-up (a repeat only re-sends its code, greeting the name first given) and holds
 * no password (chosen at step 3). An email that already has an account gets the same answer and about the same
 * work, and its owner is told by mail instead: the answer never tells who has an account.
 */
export async function register(deps: Deps, body: RegisterBody, mail: MailContext): Promise<void> {
  const { db, clock } = deps;
  await reserveSend(deps, { email: body.email, purpose: 'signup', ip: mail.ip });
  const existing = await repo.accountWithEmail(db, body.email);
  if (existing) {
    const message = { to: body.email, ...accountExistsMail(mail.lang, { name: existing.first_name }) };
    await deliver(deps, message, mail, { wait: true, what: 'signup-taken' });
    return;
  }
  const now = clock.now();
  await repo.deleteStaleRegistrations(db, new Date(now.getTime() - STALE_REGISTRATION_MS).toISOString());
  await repo.startRegistration(db, {
    email: body.email,
    firstName: body.first_name,
    lastName: body.last_name,
    package: body.package,
    at: now.toISOString(),
  });
  const pending = await repo.findRegistration(db, body.email);
  await sendCode(deps, { email: body.email, purpose: 'signup', name: pending?.first_name ?? body.first_name }, mail, { wait: true });
}

/** Step 2: the emailed code, exchanged for an opaque registration token (stored hashed, valid one hour). */
export async function verifyEmail(deps: Deps, body: { email: string; code: string }): Promise<{ registration_token: string }> {
  await consumeCode(deps, { email: body.email, purpose: 'signup', code: body.code });
  const registration = await repo.findRegistration(deps.db, body.email);
  if (!registration) throw new AppError(400, 'errors.otp_wrong', { code: 'errors.otp_wrong' });
  const { token, hash } = newToken();
  const now = deps.clock.now();
  await repo.setToken(deps.db, body.email, {
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + REGISTRATION_TOKEN_TTL_MS).toISOString(),
    at: now.toISOString(),
  });
  return { registration_token: token };
}

/**
 * A new code for a sign-up in progress (or, with purpose 'reset', for a password reset). Same answer whether
 * or not there is anything to send, and the mail goes out after the answer, so neither tells who has an account.
 */
export async function resendCode(deps: Deps, body: { email: string; purpose: CodePurpose }, mail: MailContext): Promise<void> {
  if (body.purpose === 'reset') return forgotPassword(deps, body, mail);
  await reserveSend(deps, { email: body.email, purpose: 'signup', ip: mail.ip });
  const registration = await repo.findRegistration(deps.db, body.email);
  if (registration) await sendCode(deps, { email: body.email, purpose: 'signup', name: registration.first_name }, mail, { wait: false });
}

/**
 * Step 3: the shop info and the owner's password. Creates the shop waiting for activation, with its first branch,
 * the preset roles, the walk-in customer and a Cash method named in the language the owner signed up in (the
 * request's), and the owner, in one transaction; the token (proof of the mailbox) works once.
 */
export async function completeRegistration(
  deps: Deps,
  body: ShopInfoBody,
  client: { ip: string | null; lang: Language },
): Promise<{ status: 'pending' }> {
  const { db, clock, kind } = deps;
  const now = clock.now();
  const tokenHash = hashToken(body.registration_token);
  const registration = await repo.findRegistrationByToken(db, tokenHash);
  if (!registration?.verified_at || !registration.token_expires_at || new Date(registration.token_expires_at).getTime() <= now.getTime()) {
    throw registrationExpired();
  }
  const logo = body.logo ? decodeLogo(body.logo) : null;
  // A header that looks right is not enough: the logo must decode, before anything is written.
  if (logo)
    await normaliseImage(logo.bytes).catch(() => {
      throw invalid({ logo: 'validation.logo_invalid' });
    });
  let removeLogo: (() => Promise<void>) | undefined;
  const passwordHash = await hashPassword(body.password);
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.takeRegistration(trx, tokenHash))) throw registrationExpired();
      if (await repo.emailInUse(trx, registration.email)) throw conflict('errors.email_taken', 'email');
      const created = await createBusiness(
        trx,
        {
          shopName: body.shop_name,
          shopType: body.shop_type,
          package: registration.package as 'startup' | 'standard' | 'premium',
          status: 'pending',
          branches: [seedName(client.lang, 'main_branch')],
          language: client.lang,
          firstMorning: true,
          owner: {
            firstName: registration.first_name,
            lastName: registration.last_name,
            email: registration.email,
            passwordHash,
            phone: body.phone,
          },
          shop: {
            phone: body.phone,
            address: body.address || null,
            companyName: body.company_name || null,
            contactName: body.contact_name || null,
            note: body.note || null,
          },
        },
        at,
      );
      if (logo) {
        // Stored like every image (public, so the QR menu shows it); removed again if the sign-up fails.
        const stored = await storeImage(deps, created.businessId, logo.bytes);
        removeLogo = () => deleteImage(deps, stored.key);
        await repo.setLogo(trx, created.businessId, stored.key);
      }
      await writeAudit(trx, {
        businessId: created.businessId,
        userId: created.ownerId,
        action: 'business.register',
        entity: 'business',
        entityId: created.businessId,
        detail: { package: registration.package, shop_type: body.shop_type, status: 'pending' },
        ip: client.ip,
        at,
      });
    });
  } catch (e) {
    await removeLogo?.();
    if (isUniqueViolation(kind, e)) throw conflict('errors.email_taken', 'email');
    throw e;
  }
  return { status: 'pending' };
}
