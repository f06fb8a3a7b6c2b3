import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { changePasswordBodySchema, profileSchema, profileUpdateSchema } from '@posauto/shared/schemas/accounts';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { AppError, notFound, unprocessable } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { auditFor } from '../../kernel/audit';
import { countInWindow, deleteUserSessions, forgetKey } from '../auth/index';
import * as repo from './profile.repo';

export type Profile = z.infer<typeof profileSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** A stolen session must not be a free way to guess the current password: 5 tries per user per 15 minutes. */
export const PASSWORD_TRIES_WINDOW_MS = 15 * 60 * 1000;
export const MAX_PASSWORD_TRIES = 5;

async function load(db: Kysely<Database>, ctx: RequestContext): Promise<Profile> {
  const row = await repo.findProfile(db, ctx.businessId, ctx.userId);
  if (!row) throw notFound();
  return { ...row, branch_name: row.branch_name ?? null };
}

export function profileService(deps: Deps) {
  const { db, clock } = deps;
  const writeUserAudit = auditFor(clock, 'user');
  const audit = (trx: Kysely<Database>, ctx: RequestContext, action: string, detail?: Record<string, unknown>) =>
    writeUserAudit(trx, ctx, action, ctx.userId, detail);

  return {
    get: (ctx: RequestContext) => load(db, ctx),

    update: (ctx: RequestContext, input: ProfileUpdate): Promise<Profile> =>
      db.transaction().execute(async (trx) => {
        await repo.updateSelf(trx, ctx.businessId, ctx.userId, {
          first_name: input.first_name,
          last_name: input.last_name,
          phone: input.phone || null,
          gender: input.gender ?? null,
          updated_at: clock.now().toISOString(),
        });
        await audit(trx, ctx, 'update_profile');
        return load(trx, ctx);
      }),

    /** A new password ends every other session of the user (a thief's included); this one stays signed in. */
    async changePassword(ctx: RequestContext, input: ChangePasswordBody): Promise<void> {
      // Counted before the check, atomically, so simultaneous guesses cannot all slip under the limit.
      const throttleKey = `password:${ctx.userId}`;
      const { count, waitMs } = await countInWindow(db, throttleKey, clock.now(), PASSWORD_TRIES_WINDOW_MS);
      if (count > MAX_PASSWORD_TRIES) {
        throw new AppError(
          429,
          'errors.password_tries_limit',
          undefined,
          { minutes: Math.ceil(waitMs / 60000) },
          { 'retry-after': String(Math.ceil(waitMs / 1000)) },
        );
      }
      const current = await repo.passwordHashOf(db, ctx.businessId, ctx.userId);
      if (!current || !(await verifyPassword(current, input.current_password))) {
        throw unprocessable('errors.current_password_wrong', 'current_password');
      }
      await forgetKey(db, throttleKey);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await repo.updateSelf(trx, ctx.businessId, ctx.userId, { password_hash: passwordHash, updated_at: clock.now().toISOString() });
        await deleteUserSessions(trx, ctx.businessId, ctx.userId, ctx.sessionId);
        await audit(trx, ctx, 'change_password');
      });
    },
  };
}
