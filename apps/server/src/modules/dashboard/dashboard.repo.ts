import type { Kysely } from 'kysely';
import type { DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';

/** Sales and profit of one calendar day in the shop's time zone, in minor units. */
export interface DayBucket {
  day: string;
  sales: number;
  profit: number;
}

export interface SalesScope {
  businessId: string;
  /** A branch user's figures cover their branch only; null means the whole shop. */
  branchId: string | null;
}

export async function dashboardSettings(db: Kysely<Database>, businessId: string) {
  return db.selectFrom('general_settings').select(['currency', 'time_zone']).where('business_id', '=', businessId).executeTakeFirst();
}

/**
 * Daily sales and profit of the scope in [from, to) (ISO instants), bucketed by localDaySql(kind, ..., timeZone).
 * There is no sales table yet: the sales issue fills this in; until then every day has nothing sold.
 */
export async function salesBuckets(
  _db: Kysely<Database>,
  _kind: DialectKind,
  _scope: SalesScope,
  _range: { from: string; to: string },
  _timeZone: string,
): Promise<DayBucket[]> {
  return [];
}
