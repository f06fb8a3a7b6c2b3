import { sql, type Kysely } from 'kysely';
import { containsInsensitive, type DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';

export const selectCustomers = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('customers as t')
    .select([
      't.id',
      't.name',
      't.customer_type',
      't.company_name',
      't.phone',
      't.email',
      't.address',
      't.member_id',
      't.note',
      't.is_walk_in',
      't.status',
      't.created_at',
      't.updated_at',
    ])
    .where('t.business_id', '=', businessId);

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['executeTakeFirstOrThrow']>>;

export async function memberIdTaken(db: Kysely<Database>, businessId: string, memberId: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('customers')
    .select('id')
    .where('business_id', '=', businessId)
    .where(sql`lower(member_id)`, '=', memberId.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Whether the sale settings start every new sale with this customer. */
export async function isSaleDefault(db: Kysely<Database>, businessId: string, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sale_settings')
    .select('business_id')
    .where('business_id', '=', businessId)
    .where('default_customer_id', '=', customerId)
    .executeTakeFirst();
  return Boolean(row);
}

/** A few active customers matching a name, phone or Member ID fragment, the Walk-in customer first. */
export function customerOptions(db: Kysely<Database>, kind: DialectKind, businessId: string, search: string | undefined, limit: number) {
  let q = db
    .selectFrom('customers as t')
    .select(['t.id', 't.name', 't.member_id', 't.phone', 't.is_walk_in'])
    .where('t.business_id', '=', businessId)
    .where('t.status', '=', 1);
  const term = search?.trim();
  if (term) q = q.where((eb) => eb.or(['t.name', 't.phone', 't.member_id'].map((c) => containsInsensitive(kind, sql.ref(c), term))));
  return q.orderBy('t.is_walk_in', 'desc').orderBy('t.name').orderBy('t.id').limit(limit).execute();
}
