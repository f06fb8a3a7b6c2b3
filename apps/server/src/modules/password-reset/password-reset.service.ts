import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { hashPassword } from '../../lib/secrets';
import { writeAudit } from '../../kernel/audit';
import { deleteUserSessions, forgetSignInFailures } from '../auth/index';
import { consumeCode, reserveSend, sendCode, type MailContext } from '../email-codes/index';
import * as repo from './password-reset.repo';

/**
 * Emails a reset code when an active account uses the email. The answer is the same either way and the mail
 * goes out after it, so neither the answer nor its timing tells who has an account.
 */
export async function forgotPassword(deps: Deps, body: { email: string }, mail: MailContext): Promise<void> {
  await reserveSend(deps, { email: body.email, purpose: 'reset', ip: mail.ip });
  const user = await repo.findUserByEmail(deps.db, body.email);
  if (user?.status !== 'active') return;
  await sendCode(deps, { email: body.email, purpose: 'reset', name: user.first_name }, mail, { wait: false });
}

/** Sets the new password with the emailed code, and ends every session of that user. */
export async function resetPassword(
  deps: Deps,
  body: { email: string; code: string; password: string },
  client: { ip: string | null },
): Promise<void> {
  await consumeCode(deps, { email: body.email, purpose: 'reset', code: body.code });
  const user = await repo.findUserByEmail(deps.db, body.email);
  if (!user) throw new AppError(400, 'errors.otp_wrong', { code: 'errors.otp_wrong' });
  const passwordHash = await hashPassword(body.password);
  const at = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, user.business_id, user.id, passwordHash, at);
    await deleteUserSessions(trx, user.business_id, user.id);
    await writeAudit(trx, {
      businessId: user.business_id,
      userId: user.id,
      action: 'password.reset',
      entity: 'user',
      entityId: user.id,
      ip: client.ip,
      at,
    });
  });
  // Whoever proved they read the mailbox may sign in now from where they are, even after their own wrong guesses.
  await forgetSignInFailures(deps.db, { account: body.email, address: client.ip }, { releaseAddress: false });
}
