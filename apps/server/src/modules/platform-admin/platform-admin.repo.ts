import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Every shop with its first owner and branch count; never the platform's own business. The platform team's
 * view is across shops by nature, so this query alone is not scoped by business_id.
 */
export function selectBusinesses(db: Kysely<Database>) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'b.id').on((eb) =>
        eb(
          'u.id',
          '=',
          eb
            .selectFrom('users as o')
            .select((e) => e.fn.min<string>('o.id').as('id'))
            .whereRef('o.business_id', '=', 'b.id')
            .where('o.is_owner', '=', 1),
        ),
      ),
    )
    .select((eb) => [
      'b.id',
      'b.shop_name',
      'b.shop_type',
      'b.package',
      'b.status',
      'b.phone',
      'b.created_at',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      'u.email as owner_email',
      eb
        .selectFrom('branches as br')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('br.business_id', '=', 'b.id')
        .as('branches'),
    ])
    .where('b.is_platform', '=', 0);
}

export function findBusiness(db: Kysely<Database>, id: string) {
  return selectBusinesses(db).where('b.id', '=', id).executeTakeFirst();
}

/** Moves a shop from one of `from` to `to`; answers false when it is in no such state (or is the platform). */
export async function moveStatus(db: Kysely<Database>, id: string, from: readonly string[], to: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('businesses')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('is_platform', '=', 0)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Reads a shop's package and locks its row for the rest of the transaction (no-op update), on both databases. */
export function lockBusiness(db: Kysely<Database>, id: string) {
  return db
    .updateTable('businesses')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('is_platform', '=', 0)
    .returning(['package', 'status'])
    .executeTakeFirst();
}

export async function setPackage(db: Kysely<Database>, id: string, pkg: string, at: string): Promise<void> {
  await db.updateTable('businesses').set({ package: pkg, updated_at: at }).where('id', '=', id).execute();
}
