import {
  DecimalFormatError,
  PERCENT_DIGITS,
  formatDecimal,
  isCurrencyCode,
  minorDigits,
  parseDecimal,
  parsePercent,
} from '@posauto/shared/money/index';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Coupon, CouponDiscountType, couponInputSchema } from '@posauto/shared/schemas/coupons';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { shopSettings } from '../settings/index';
import type { RequestContext } from '../../http/context';
import type { CrudService } from '../../http/crud';
import { crudTableService } from '../../http/crud-table';
import { unprocessable } from '../../http/errors';

export const COUPON_COUNTER = 'coupons';

type Input = z.output<typeof couponInputSchema>;

/** What is stored: the discount as an integer at its scale (hundredths of a percent, or minor units). */
interface StoredCoupon {
  name: string;
  status?: boolean | undefined;
  description: string | null;
  discount_type: CouponDiscountType;
  discount_value: number;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
}

const selectCoupons = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('coupons as t')
    // The shop's currency rides on each row of the list's one statement (db/list.ts), not in a second read.
    .leftJoin('general_settings as g', 'g.business_id', 't.business_id')
    .select([
      't.id',
      't.name',
      't.description',
      't.discount_type',
      't.discount_value',
      'g.currency',
      't.starts_on',
      't.ends_on',
      't.usage_limit',
      't.used_count',
      't.status',
      't.created_at',
      't.updated_at',
    ])
    .where('t.business_id', '=', businessId);

type Row = Awaited<ReturnType<ReturnType<typeof selectCoupons>['executeTakeFirstOrThrow']>>;

const digitsOf = (currency: string | null) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);

/** 1000 -> "10", 1250 -> "12.5" for a percentage; 150 -> "1.50" (USD), 4000 -> "4000" (KHR) for a fixed amount. */
export function formatCouponValue(type: CouponDiscountType, value: number, currency: string | null): string {
  if (type === 'percent') return formatDecimal(value, PERCENT_DIGITS).replace(/\.?0+$/, '') || '0';
  return formatDecimal(value, digitsOf(currency));
}

const toApi = (r: Row): Coupon => {
  const type = r.discount_type;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    discount_type: type,
    discount_value: formatCouponValue(type, Number(r.discount_value), r.currency ?? 'USD'),
    currency: type === 'fixed' ? (r.currency ?? 'USD') : null,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    usage_limit: r.usage_limit === null ? null : Number(r.usage_limit),
    used_count: Number(r.used_count),
    status: Boolean(r.status),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
};

/**
 * Coupons: a generic setting list whose code is its name (upper-cased by the shared schema, unique per shop
 * whatever its case, also under concurrency through coupons_name_unique). used_count belongs to the sales that
 * redeem the coupon and is never written here. A fixed amount is kept in minor units of the shop currency.
 */
export function couponsService(deps: Deps): Required<CrudService<Coupon, Input, ListQuery>> {
  const base = crudTableService(deps, {
    table: 'coupons',
    entity: 'coupon',
    counter: COUPON_COUNTER,
    nameTaken: 'coupons.errors.code_taken',
    list: {
      searchColumns: ['t.name', 't.description'],
      sorts: { name: 't.name', created_at: 't.created_at', status: 't.status', ends_on: 't.ends_on' },
    },
    select: selectCoupons,
    toApi,
    columns: (c: StoredCoupon) => ({
      description: c.description,
      discount_type: c.discount_type,
      discount_value: c.discount_value,
      starts_on: c.starts_on,
      ends_on: c.ends_on,
      usage_limit: c.usage_limit,
    }),
    // Sales keep the coupon they used: such a coupon can be switched off, not deleted.
    inUse: 'coupons.errors.in_use',
    audited: (c: StoredCoupon) => ({ name: c.name, discount_type: c.discount_type, discount_value: c.discount_value }),
  });

  async function stored(ctx: RequestContext, input: Input): Promise<StoredCoupon> {
    const common = {
      name: input.name,
      status: input.status,
      description: input.description || null,
      starts_on: input.starts_on ?? null,
      ends_on: input.ends_on ?? null,
      usage_limit: input.usage_limit ?? null,
    };
    if (input.discount_type === 'percent')
      return { ...common, discount_type: 'percent', discount_value: parsePercent(input.discount_value) };
    const { currency } = await shopSettings(deps.db, ctx.businessId);
    // Trailing zeros say nothing ("4000.00" riel is exact); more decimals than the currency has are refused.
    const [whole, fraction = ''] = input.discount_value.split('.');
    const kept = fraction.replace(/0+$/, '');
    try {
      return { ...common, discount_type: 'fixed', discount_value: parseDecimal(kept ? `${whole}.${kept}` : whole!, digitsOf(currency)) };
    } catch (e) {
      if (e instanceof DecimalFormatError) throw unprocessable('validation.money_precision', 'discount_value');
      throw e;
    }
  }

  return {
    list: (ctx, query) => base.list(ctx, query),
    get: (ctx, id) => base.get(ctx, id),
    create: async (ctx, input) => base.create(ctx, await stored(ctx, input)),
    update: async (ctx, id, input) => base.update(ctx, id, await stored(ctx, input)),
    setStatus: (ctx, id, status) => base.setStatus(ctx, id, status),
    remove: (ctx, id) => base.remove(ctx, id),
  };
}
