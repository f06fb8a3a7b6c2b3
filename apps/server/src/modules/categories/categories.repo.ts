import { sql, type Kysely } from 'kysely';
import { containsInsensitive, type DialectKind } from '../../db/dialect/index';
import type { Database, NewCategory, CategoryUpdate } from '../../db/types';

const COLUMNS = ['c.id', 'c.name', 'c.parent_id', 'c.icon', 'c.status', 'c.created_at', 'c.updated_at', 'p.name as parent_name'] as const;

/** Categories of one business with their parent's name; every query is scoped by businessId. */
export function selectCategories(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('categories as c')
    .leftJoin('categories as p', (j) => j.onRef('p.business_id', '=', 'c.business_id').onRef('p.id', '=', 'c.parent_id'))
    .select(COLUMNS)
    .where('c.business_id', '=', businessId);
}

export function findCategory(db: Kysely<Database>, businessId: string, id: string) {
  return selectCategories(db, businessId).where('c.id', '=', id).executeTakeFirst();
}

export async function nameTaken(db: Kysely<Database>, businessId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('categories')
    .select('id')
    .where('business_id', '=', businessId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

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

export async function insertCategory(db: Kysely<Database>, row: NewCategory): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(db: Kysely<Database>, businessId: string, id: string, set: CategoryUpdate): Promise<number> {
  const r = await db.updateTable('categories').set(set).where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteCategory(db: Kysely<Database>, businessId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('categories').where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
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
