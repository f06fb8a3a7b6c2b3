import { sql, type Kysely } from 'kysely';
import { containsInsensitive, type DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';

const COLUMNS = ['t.id', 't.name', 't.parent_id', 't.icon', 't.status', 't.created_at', 't.updated_at', 'p.name as parent_name'] as const;

/** The list's base query: categories of one business with their parent's name (the table is aliased `t`). */
export function selectCategories(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('categories as t')
    .leftJoin('categories as p', sameShop('p', 't.parent_id'))
    .select(COLUMNS)
    .where('t.business_id', '=', businessId);
}

export type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

export async function parentOf(db: Kysely<Database>, businessId: string, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('parent_id')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.parent_id : undefined;
}

export async function hasChildren(db: Kysely<Database>, businessId: string, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('categories').select('id').where('business_id', '=', businessId).where('parent_id', '=', id).executeTakeFirst(),
  );
}

/** True when some product is in this category (the category cannot be deleted then). */
export async function hasProducts(db: Kysely<Database>, businessId: string, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('products').select('id').where('business_id', '=', businessId).where('category_id', '=', id).executeTakeFirst(),
  );
}

/** Names of one business's categories containing `term`, case-insensitively, for the global search. */
export async function searchCategoryNames(
  db: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  term: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('name')
    .where('business_id', '=', businessId)
    .where(containsInsensitive(kind, sql.ref('name'), term))
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((r) => r.name);
}
