import { sql, type Kysely } from 'kysely';
import { isPackageKey, PACKAGE_RULES, type PackageKey } from '@posauto/shared/packages';
import type { Database } from '../../db/types';
import { AppError, notFound } from '../../http/errors';

/** Package names as the sign-up page shows them: product names, the same in every language. */
export const PACKAGE_NAMES: Record<PackageKey, string> = { startup: 'Start Up', standard: 'Standard', premium: 'Premium' };

export async function countBranches(db: Kysely<Database>, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('branches')
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Refuses (422 errors.package_branch_limit, naming the package) to add a branch beyond what the shop's package
 * includes. Call inside the transaction that inserts the branch: the no-op update locks the shop's row on
 * PostgreSQL (SQLite has one writer at a time anyway), so two simultaneous additions cannot both pass.
 */
export async function assertBranchLimit(trx: Kysely<Database>, businessId: string): Promise<void> {
  const locked = await trx
    .updateTable('businesses')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', businessId)
    .returning(['package', 'is_platform'])
    .executeTakeFirst();
  if (!locked) throw notFound();
  if (locked.is_platform || !isPackageKey(locked.package)) return;
  const max = PACKAGE_RULES[locked.package].maxBranches;
  if (max === null) return;
  if ((await countBranches(trx, businessId)) >= max) {
    throw new AppError(422, 'errors.package_branch_limit', undefined, { package: PACKAGE_NAMES[locked.package] });
  }
}
