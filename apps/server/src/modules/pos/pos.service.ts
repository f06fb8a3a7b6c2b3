import { sql } from 'kysely';
import { formatPercent, minorDigits, parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import {
  POS_LIMITS,
  type HeldCart,
  type HeldCartInput,
  type HeldCartList,
  type HeldCartQuery,
  type PosCoupon,
  type PosCustomer,
  type PosCustomerInput,
} from '@posauto/shared/schemas/pos';
import { sameShop } from '../../db/same-shop';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { usableCoupon } from '../coupons/index';
import { customersService } from '../customers/index';
import { shopSettings, shopToday } from '../settings/index';
import { tillBranch } from './catalogue';
import { money, plain } from './product-rows';
import { countedSale } from '../../kernel/counted';

/** The shop's currency and time zone, through the one reader of its settings. */
async function shopMoney(deps: Deps, businessId: string) {
  const s = await shopSettings(deps.db, businessId);
  return { currency: s.currency as CurrencyCode, timeZone: s.timeZone };
}

/** Exact decimal text -> minor units of the currency; more decimals than it has is refused, never rounded. */
function parseMoneyText(text: string, currency: CurrencyCode, field: string): number {
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(text.trim());
  const fraction = (m?.[2] ?? '').replace(/0+$/, '');
  if (!m || fraction.length > minorDigits(currency)) throw unprocessable('validation.money_precision', field);
  return parseDecimal(fraction ? `${m[1]}.${fraction}` : m[1]!, minorDigits(currency));
}

/**
 * What each customer still owes: per completed sale or invoice, its total less what was paid and what came back by
 * returns (never below nothing), summed. Voids and quotations owe nothing.
 */
async function balancesDue(deps: Deps, businessId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('sales')
    .select([
      'customer_id',
      sql<number>`coalesce(sum(case when grand_total - paid_amount - returned_amount > 0 then grand_total - paid_amount - returned_amount else 0 end), 0)`.as(
        'due',
      ),
    ])
    .where('business_id', '=', businessId)
    .where('customer_id', 'in', ids)
    .where(countedSale('sales'))
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.due)]));
}

/** The till's side of customers, held carts and coupons (permission sale-pos). */
export function posService(deps: Deps) {
  const customers = customersService(deps);

  return {
    /** Active customers whose name, phone or Member ID contains the text (the walk-in customer first), with what they owe. */
    async findCustomers(ctx: RequestContext, q: string | undefined): Promise<{ data: PosCustomer[] }> {
      const [found, { currency }] = await Promise.all([customers.options(ctx, q), shopMoney(deps, ctx.businessId)]);
      const due = await balancesDue(
        deps,
        ctx.businessId,
        found.map((c) => c.id),
      );
      return {
        data: found.slice(0, POS_LIMITS.customerResults).map((c) => ({
          id: c.id,
          name: c.name,
          phone: c.phone,
          member_id: c.member_id,
          is_walk_in: c.is_walk_in,
          balance_due: money(due.get(c.id) ?? 0, currency),
        })),
      };
    },

    /** A retail customer added at the counter, through the customers module (its rules, audit and counter). */
    async addCustomer(ctx: RequestContext, input: PosCustomerInput): Promise<PosCustomer> {
      const [created, { currency }] = await Promise.all([
        customers.create(ctx, {
          name: input.name,
          customer_type: 'retail',
          phone: input.phone ?? null,
          member_id: input.member_id ?? null,
          status: true,
        }),
        shopMoney(deps, ctx.businessId),
      ]);
      return {
        id: created.id,
        name: created.name,
        phone: created.phone,
        member_id: created.member_id,
        is_walk_in: created.is_walk_in,
        balance_due: money(0, currency),
      };
    },

    /** The carts on hold at the till's branch, oldest first (any cashier of the branch may resume one). */
    async heldCarts(ctx: RequestContext, query: HeldCartQuery): Promise<HeldCartList> {
      const branch = await tillBranch(deps, ctx, query.branch_id);
      const rows = await heldCartQuery(deps, ctx.businessId)
        .where('h.branch_id', '=', branch.id)
        .orderBy('h.created_at')
        .orderBy('h.id')
        .limit(POS_LIMITS.heldCartsPerBranch)
        .execute();
      return { data: rows.map(({ payload: _payload, ...r }) => summary(r)) };
    },

    async holdCart(ctx: RequestContext, input: HeldCartInput): Promise<HeldCart> {
      const branch = await tillBranch(deps, ctx, input.branch_id);
      const { currency } = await shopMoney(deps, ctx.businessId);
      const total = parseMoneyText(input.total, currency, 'total');
      const payload = JSON.stringify(input.payload);
      if (Buffer.byteLength(payload) > POS_LIMITS.heldCartBytes) throw unprocessable('pos.errors.held_cart_too_large', 'payload');
      const id = newId();
      await deps.db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('held_carts')
          .select(sql<number>`count(*)`.as('n'))
          .where('business_id', '=', ctx.businessId)
          .where('branch_id', '=', branch.id)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= POS_LIMITS.heldCartsPerBranch) throw conflict('pos.errors.held_carts_full');
        await trx
          .insertInto('held_carts')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: branch.id,
            user_id: ctx.userId,
            label: input.label ?? '',
            payload,
            item_count: input.item_count,
            currency,
            total,
            created_at: deps.clock.now().toISOString(),
          })
          .execute();
      });
      return (await loadCart(deps, ctx, id))!;
    },

    async getCart(ctx: RequestContext, id: string): Promise<HeldCart> {
      const cart = await loadCart(deps, ctx, id);
      if (!cart) throw notFound();
      return cart;
    },

    /**
     * Resuming a held cart takes it off hold: answered and deleted at once, so two tills cannot both resume it (the
     * second finds it gone: 404). A branch user reaches its own branch's carts only.
     */
    async takeCart(ctx: RequestContext, id: string): Promise<HeldCart> {
      return deps.db.transaction().execute(async (trx) => {
        const cart = await loadCart({ ...deps, db: trx }, ctx, id);
        if (!cart) throw notFound();
        const gone = await trx.deleteFrom('held_carts').where('business_id', '=', ctx.businessId).where('id', '=', id).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw notFound();
        return cart;
      });
    },

    /**
     * Whether a coupon can be used today (the shop's day): active, within its dates, with uses left. The sale checks
     * again when it is committed (and counts the use).
     */
    async checkCoupon(ctx: RequestContext, code: string): Promise<PosCoupon> {
      const { currency, timeZone } = await shopMoney(deps, ctx.businessId);
      const c = await usableCoupon(deps.db, ctx.businessId, code, shopToday({ timeZone }, deps.clock), 'code');
      return {
        id: c.id,
        code: c.code,
        discount_type: c.type,
        discount_value: c.type === 'percent' ? plain(formatPercent(c.value)) : money(c.value, currency),
        uses_left: c.usesLeft,
        ends_on: c.endsOn,
      };
    },
  };
}

function heldCartQuery(deps: Pick<Deps, 'db'>, businessId: string) {
  return deps.db
    .selectFrom('held_carts as h')
    .leftJoin('users as u', sameShop('u', 'h.user_id'))
    .select([
      'h.id',
      'h.branch_id',
      'h.label',
      'h.payload',
      'h.item_count',
      'h.total',
      'h.currency',
      'h.user_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('user_name'),
      'h.created_at',
    ])
    .where('h.business_id', '=', businessId);
}

type CartRow = Awaited<ReturnType<ReturnType<typeof heldCartQuery>['executeTakeFirstOrThrow']>>;

function summary(r: Omit<CartRow, 'payload'>) {
  return {
    id: r.id,
    label: r.label,
    item_count: Number(r.item_count),
    total: money(r.total, r.currency),
    currency: r.currency,
    user_id: r.user_id,
    user_name: r.user_name ?? '',
    created_at: r.created_at,
  };
}

/** One held cart of the shop (of the caller's branch for a branch user), or null: another shop's id is simply not found. */
async function loadCart(deps: Pick<Deps, 'db'>, ctx: RequestContext, id: string): Promise<HeldCart | null> {
  let q = heldCartQuery(deps, ctx.businessId).where('h.id', '=', id);
  if (ctx.branchId) q = q.where('h.branch_id', '=', ctx.branchId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const { payload, ...rest } = row;
  return { ...summary(rest), payload: JSON.parse(payload) as Record<string, unknown> };
}
