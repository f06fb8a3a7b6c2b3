import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export async function branchExists(db: Kysely<Database>, businessId: string, branchId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('branches').select('id').where('business_id', '=', businessId).where('id', '=', branchId).executeTakeFirst(),
  );
}

/** The newest notifications of one branch, read or not. */
export function latestForBranch(db: Kysely<Database>, businessId: string, branchId: string, limit: number) {
  return db
    .selectFrom('stock_notifications')
    .select(['id', 'name', 'image', 'stock_level', 'created_at', 'read_at'])
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks every unread notification of one branch read; answers how many it marked. */
export async function markBranchRead(db: Kysely<Database>, businessId: string, branchId: string, at: string): Promise<number> {
  const r = await db
    .updateTable('stock_notifications')
    .set({ read_at: at })
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Notifications of one business with their branch name, for the see-all list. */
export function selectNotifications(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('stock_notifications as n')
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'n.business_id').onRef('b.id', '=', 'n.branch_id'))
    .select([
      'n.id',
      'n.branch_id',
      'b.name as branch_name',
      'n.product_id',
      'n.name',
      'n.image',
      'n.stock_level',
      'n.created_at',
      'n.read_at',
    ])
    .where('n.business_id', '=', businessId);
}
