import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { unprocessable } from '../../http/errors';

/** A coupon that can be used today, as the till shows it and as a sale counts it. */
export interface UsableCoupon {
  id: string;
  code: string;
  type: 'percent' | 'fixed';
  /** Hundredths of a percent, or minor units of the shop's currency. */
  value: number;
  /** Uses left; null without a limit. */
  usesLeft: number | null;
  endsOn: string | null;
}

/**
 * The one coupon rule, asked by the till's check and by the sale's commit alike (they once drifted: the till called
 * a coupon that had not started "expired"): the code names an active coupon of the shop (any case), today (the shop's
 * day) is within its days, and it has uses left. Each failure has its own message. The sale then counts the use with
 * useCoupon, whose UPDATE re-checks the limit against a concurrent till.
 */
export async function usableCoupon(
  db: Kysely<Database>,
  businessId: string,
  code: string,
  today: string,
  field: string,
): Promise<UsableCoupon> {
  const c = await db
    .selectFrom('coupons')
    .select(['id', 'name', 'discount_type', 'discount_value', 'starts_on', 'ends_on', 'usage_limit', 'used_count', 'status'])
    .where('business_id', '=', businessId)
    .where(sql`lower(name)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
  if (!c || !c.status) throw unprocessable('sales.errors.coupon_invalid', field);
  if (c.starts_on && today < c.starts_on) throw unprocessable('sales.errors.coupon_not_started', field);
  if (c.ends_on && today > c.ends_on) throw unprocessable('sales.errors.coupon_expired', field);
  const left = c.usage_limit === null ? null : Math.max(Number(c.usage_limit) - Number(c.used_count), 0);
  if (left === 0) throw unprocessable('sales.errors.coupon_used_up', field);
  return { id: c.id, code: c.name, type: c.discount_type, value: Number(c.discount_value), usesLeft: left, endsOn: c.ends_on };
}

/**
 * Counts one use of a coupon, in the sale's transaction. The limit is in the UPDATE's own condition, so two tills
 * using the last use together cannot both succeed (the second finds no row to update and its sale rolls back).
 */
export async function useCoupon(trx: Kysely<Database>, businessId: string, couponId: string): Promise<void> {
  const r = await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('business_id', '=', businessId)
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw unprocessable('sales.errors.coupon_used_up', 'coupon_code');
}

/** Gives a coupon use back (a void, an edit that drops the coupon). */
export async function releaseCoupon(trx: Kysely<Database>, businessId: string, couponId: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('business_id', '=', businessId)
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}
