import type { Kysely } from 'kysely';
import { CASHIER_PERMISSIONS, BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import { FACTOR_SCALE, QTY_SCALE, priceSale, convert, exchangeRate, formatDecimal, roundDiv } from '@posauto/shared/money/index';
import type { SaleInput } from '@posauto/shared/schemas/sales';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { bumpCounter } from '../db/list';
import { newId } from '../lib/ids';
import { cashSessionsService } from '../modules/cash-sessions/index';
import { COUPON_COUNTER } from '../modules/coupons/index';
import { postSale, postSaleReturn } from '../modules/sales/index';
import { addDays, localDay } from '../lib/time-zone';
import { seededRandom } from '@posauto/shared/random';

const ZONE = 'Asia/Phnom_Penh';
const DAYS = 60;
/** Sales per day in each branch (Riverside, BKK1); weekends bring a few more. */
const PER_DAY = [6, 4];
/** When a coffee shop sells, in Phnom Penh hours, weighted: the morning peak, lunch, the afternoon break. */
const HOURS = [6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 11, 12, 12, 13, 14, 15, 15, 16, 17, 18, 19];
/** The stocktake of yesterday leaves these at the alert level (demo-stock.ts): the till does not sell them here. */
const KEEP = new Set(['Baked cheesecake', 'Butter croissant', 'Chocolate muffin']);

interface Item {
  productId: string;
  variantId: string | null;
  name: string;
  /** Minor units per unit sold (the product's sale unit). */
  price: number;
  stocked: boolean;
}

/**
 * Sixty days of Demo Coffee's sales up to the hour of the first start, every one through the same commit as the till
 * (`postSale`: numbers, VAT, change, cash entries, stock through the ledger): both branches, at a coffee shop's hours,
 * paid in dollars, riel, both, or by bank transfer; each day a cash session per branch, counted and closed (now and
 * then a little short); a few returns; an invoice paid in part, an open quotation; and today's sessions still open,
 * so the demo cashier's till works at the first sign-in.
 */
export async function seedDemoSales(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, cashierId: string): Promise<void> {
  const biz = shop.businessId;
  const [first, second] = shop.branchIds;
  if (!first || !second) return;
  const sellers: RequestContext[] = [
    { businessId: biz, userId: cashierId, branchId: first, permissions: new Set(CASHIER_PERMISSIONS), sessionId: 'demo-seed', ip: null },
    { businessId: biz, userId: shop.ownerId, branchId: null, permissions: new Set(BUSINESS_PERMISSIONS), sessionId: 'demo-seed', ip: null },
  ];
  const owner = sellers[1]!;

  const settings = await trx
    .selectFrom('general_settings')
    .select(['exchange_rate', 'sale_tax', 'is_exclude_tax', 'currency'])
    .where('business_id', '=', biz)
    .executeTakeFirstOrThrow();
  const rate = exchangeRate(Number(settings.exchange_rate));
  const vat = { rate: Number(settings.sale_tax), inclusive: !settings.is_exclude_tax };
  const methods = await trx
    .selectFrom('payment_methods')
    .select(['id', 'type'])
    .where('business_id', '=', biz)
    .where('status', '=', 1)
    .execute();
  const cash = methods.find((m) => m.type === 'cash');
  const bank = methods.find((m) => m.type === 'bank_transfer');
  if (!cash || !bank) return;

  const rows = await trx
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (j) =>
      j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id').on('v.status', '=', 1),
    )
    .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.sale_unit_id'))
    .leftJoin('units as pu', (j) => j.onRef('pu.business_id', '=', 'p.business_id').onRef('pu.id', '=', 'p.unit_id'))
    .select([
      'p.id',
      'p.product_name',
      'p.type',
      'p.sale_cost',
      'p.is_variation_cost',
      'p.is_stock_manage',
      'p.all_branches',
      'u.operation_value',
      'pu.operation_value as unit_value',
      'v.id as variant_id',
      'v.name as variant_name',
      'v.sale_cost as variant_price',
    ])
    .where('p.business_id', '=', biz)
    .where('p.status', '=', 1)
    .where('p.type', '!=', 'combo')
    .orderBy('p.product_name')
    .orderBy('v.sort_order')
    .execute();
  const items: Item[] = rows
    .filter((r) => (r.type === 'variation') === Boolean(r.variant_id) && r.all_branches && !KEEP.has(r.product_name))
    .map((r) => {
      const base = r.type === 'variation' && r.is_variation_cost ? Number(r.variant_price) : Number(r.sale_cost);
      // The sale unit's size in the product's own unit (a box of 24 cans sells at 24 cans' price).
      const factor =
        r.operation_value === null || r.unit_value === null
          ? FACTOR_SCALE
          : roundDiv(Number(r.operation_value) * FACTOR_SCALE, Number(r.unit_value), 'half-up');
      return {
        productId: r.id,
        variantId: r.variant_id ?? null,
        name: r.variant_name ? `${r.product_name} (${r.variant_name})` : r.product_name,
        price: roundDiv(base * factor, FACTOR_SCALE, 'half-up'),
        stocked: Boolean(r.is_stock_manage),
      };
    });
  const drinks = items.filter((i) => !i.stocked);
  const stocked = items.filter((i) => i.stocked);
  if (!drinks.length) return;
  // What each branch still has of the stocked items (the ledger refuses a sale beyond it): sold only while plenty is left.
  const onHand = new Map<string, number>();
  for (const l of await trx
    .selectFrom('stock_levels')
    .select(['branch_id', 'product_id', 'variant_id', 'on_hand'])
    .where('business_id', '=', biz)
    .execute())
    onHand.set(`${l.branch_id}/${l.product_id}/${l.variant_id}`, Number(l.on_hand));
  const customers = await trx
    .selectFrom('customers')
    .select(['id', 'is_walk_in', 'customer_type'])
    .where('business_id', '=', biz)
    .where('status', '=', 1)
    .orderBy('name')
    .execute();
  const regulars = customers.filter((c) => !c.is_walk_in);
  const company = regulars.find((c) => c.customer_type === 'company') ?? regulars[0];

  const now = deps.clock.now();
  const today = localDay(now, ZONE);
  // Coupons: a welcome offer running this quarter (used now and then below), a fixed dollar off that ended last
  // month, and a launch code whose hundred uses are gone.
  const coupons = [
    {
      name: 'WELCOME10',
      description: '10% off for new customers',
      discount_type: 'percent',
      discount_value: 1000,
      starts_on: addDays(today, -DAYS),
      ends_on: addDays(today, 30),
      usage_limit: null,
    },
    {
      name: 'RAINY1',
      description: '$1 off on rainy days',
      discount_type: 'fixed',
      discount_value: 100,
      starts_on: addDays(today, -90),
      ends_on: addDays(today, -31),
      usage_limit: null,
    },
    {
      name: 'LAUNCH50',
      description: 'Opening week: 50% off',
      discount_type: 'percent',
      discount_value: 5000,
      starts_on: addDays(today, -120),
      ends_on: addDays(today, 365),
      usage_limit: 100,
    },
  ] as const;
  for (const c of coupons)
    await trx
      .insertInto('coupons')
      .values({
        business_id: biz,
        id: newId(),
        ...c,
        used_count: c.usage_limit ?? 0,
        status: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
  await bumpCounter(trx, deps.kind, biz, COUPON_COUNTER, coupons.length);
  /** Deps whose clock says `day` at `hour`:`minute` in Phnom Penh (UTC+7), never later than now. */
  const at = (day: string, hour: number, minute: number): Deps => {
    const t = new Date(Math.min(now.getTime(), Date.parse(`${day}T00:00:00Z`) + ((hour - 7) * 60 + minute) * 60_000));
    return { ...deps, clock: { now: () => t } };
  };
  const rnd = seededRandom(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const nowHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));

  const saleIds: Array<{ id: string; ctx: RequestContext; day: string }> = [];
  for (let ago = DAYS - 1; ago >= 0; ago--) {
    const day = addDays(today, -ago);
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    for (const [b, branchId] of [first, second].entries()) {
      const ctx = sellers[b]!;
      const times = HOURS.filter((h) => ago > 0 || h < nowHour)
        .sort(() => rnd() - 0.5)
        .slice(0, PER_DAY[b]! + (weekend ? 2 : 0))
        // Minutes of the day, in order, so that invoice numbers follow the clock.
        .map((h) => h * 60 + Math.floor(rnd() * 58))
        .sort((x, y) => x - y);
      if (ago === 0 && !times.length && b === 1) continue;
      const float = b === 0 ? { usd: '20', khr: '40000' } : { usd: '10', khr: '20000' };
      const { id: session } = await cashSessionsService(at(day, 6, 30)).openIn(trx, ctx, {
        branch_id: branchId,
        opening_usd: float.usd,
        opening_khr: float.khr,
        note: '',
      });
      for (const minute of times) {
        const lines = [];
        const count = 1 + Math.floor(rnd() * 3);
        for (let i = 0; i < count; i++) {
          let item = pick(drinks);
          if (rnd() < 0.35 && stocked.length) {
            const s = pick(stocked);
            const key = `${branchId}/${s.productId}/${s.variantId ?? ''}`;
            if ((onHand.get(key) ?? 0) >= 8 * QTY_SCALE) {
              onHand.set(key, onHand.get(key)! - QTY_SCALE);
              item = s;
            }
          }
          lines.push(item);
        }
        const customer = rnd() < 0.2 && regulars.length ? pick(regulars).id : null;
        const coupon = customer && rnd() < 0.25 ? 'WELCOME10' : null;
        // What the till will charge, by the sales module's own recipe (WELCOME10: 10% off).
        const totals = priceSale({
          currency: 'USD',
          lines: lines.map((l) => ({ quantity: QTY_SCALE, unitPrice: l.price })),
          ...(coupon ? { coupon: { type: 'percentage' as const, value: 1000 } } : {}),
          vat,
        });
        const due = totals.total;
        const how = rnd();
        const payments: NonNullable<SaleInput['payments']> =
          how < 0.5
            ? // Dollars: the next note up.
              [{ payment_method_id: cash.id, currency: 'USD', amount: formatDecimal([500, 1000, 2000].find((n) => n >= due) ?? due, 2) }]
            : how < 0.7
              ? // Riel: the next 5,000 up.
                [
                  {
                    payment_method_id: cash.id,
                    currency: 'KHR',
                    amount: String(Math.ceil(convert({ amount: due, currency: 'USD' }, 'KHR', rate, 'ceil').amount / 5000) * 5000),
                  },
                ]
              : how < 0.82
                ? // Whole dollars and the rest in riel.
                  [
                    { payment_method_id: cash.id, currency: 'USD', amount: formatDecimal(Math.floor(due / 100) * 100 || 100, 2) },
                    { payment_method_id: cash.id, currency: 'KHR', amount: '5000' },
                  ]
                : [
                    {
                      payment_method_id: bank.id,
                      currency: 'USD',
                      amount: formatDecimal(due, 2),
                      reference: `ABA ${1000 + Math.floor(rnd() * 9000)}`,
                    },
                  ];
        const id = await postSale(
          trx,
          at(day, 0, minute),
          ctx,
          {
            document: 'sale',
            sale_type: 'pos_retail',
            customer_id: customer,
            coupon_code: coupon,
            lines: lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: '1' })),
            payments,
          },
          { idempotencyKey: crypto.randomUUID() },
        );
        saleIds.push({ id, ctx, day });
        // Now and then a drink comes back the same day: refunded from the drawer.
        if (rnd() < 0.01) {
          const line = await trx
            .selectFrom('sale_lines')
            .select('id')
            .where('business_id', '=', biz)
            .where('sale_id', '=', id)
            .orderBy('line_no')
            .executeTakeFirstOrThrow();
          await postSaleReturn(trx, at(day, 0, minute + 1), ctx, {
            sale_id: id,
            refund_method: 'cash',
            refund_currency: rnd() < 0.5 ? 'USD' : 'KHR',
            note: 'Wrong order',
            lines: [{ sale_line_id: line.id, quantity: '1' }],
          });
        }
      }
      if (ago === 0) continue; // today's drawers are still open
      const expected = await trx
        .selectFrom('cash_session_entries')
        .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
        .where('business_id', '=', biz)
        .where('session_id', '=', session)
        .groupBy('currency')
        .execute();
      const sum = (c: string) => Number(expected.find((e) => e.currency === c)?.total ?? 0);
      // Once in a while the count is a little short in riel (a 1,000 riel note given too many).
      const short = rnd() < 0.1 ? 1000 : 0;
      await cashSessionsService(at(day, 20, 30)).closeIn(trx, ctx, session, {
        counted_usd: formatDecimal(sum('USD'), 2),
        counted_khr: String(Math.max(sum('KHR') - short, 0)),
        note: short ? 'Short 1,000 riel' : '',
      });
    }
  }

  // A cart put aside at the Riverside till a few minutes ago (the customer went back for a friend's order): the till's
  // own cart format (apps/web/src/features/pos/lib/cart.ts), priced again when it is paid.
  const aside = drinks.slice(0, 2);
  if (aside.length === 2) {
    const quantity = [2, 1];
    const held = {
      lines: aside.map((d, i) => ({
        key: `${d.productId}:${d.variantId ?? ''}:`,
        productId: d.productId,
        variantId: d.variantId,
        name: d.name,
        sku: '',
        unitId: null,
        unitName: null,
        factor: FACTOR_SCALE,
        basePrice: d.price,
        quantity: quantity[i]! * QTY_SCALE,
        priceOverride: null,
        discount: null,
      })),
      customer: null,
      discount: null,
      coupon: null,
      serviceChargeId: null,
      note: '',
      selected: null,
    };
    const total = priceSale({
      currency: 'USD',
      lines: aside.map((d, i) => ({ quantity: quantity[i]! * QTY_SCALE, unitPrice: d.price })),
      vat,
    }).total;
    await trx
      .insertInto('held_carts')
      .values({
        business_id: biz,
        id: newId(),
        branch_id: first,
        user_id: cashierId,
        label: 'Table by the window',
        payload: JSON.stringify(held),
        item_count: 3,
        currency: 'USD',
        total,
        created_at: new Date(now.getTime() - 5 * 60_000).toISOString(),
      })
      .execute();
  }

  // Back office: an invoice for a company customer, half paid by bank transfer two weeks ago, and an open quotation.
  if (company && drinks.length > 2) {
    const ago = Math.min(14, DAYS - 1);
    const lines = [
      { product_id: drinks[0]!.productId, variant_id: drinks[0]!.variantId, quantity: '20' },
      { product_id: drinks[1]!.productId, variant_id: drinks[1]!.variantId, quantity: '20' },
    ];
    const total = priceSale({
      currency: 'USD',
      lines: [drinks[0]!, drinks[1]!].map((d) => ({ quantity: 20 * QTY_SCALE, unitPrice: d.price })),
      vat,
    }).total;
    await postSale(trx, at(addDays(today, -ago), 10, 0), owner, {
      document: 'invoice',
      sale_type: 'general',
      branch_id: first,
      customer_id: company.id,
      lines,
      payments: [{ payment_method_id: bank.id, currency: 'USD', amount: formatDecimal(roundDiv(total, 2, 'half-up'), 2) }],
      note: 'Coffee for the office meeting, delivered',
    });
    await postSale(trx, at(addDays(today, -2), 15, 0), owner, {
      document: 'quotation',
      sale_type: 'general',
      branch_id: first,
      customer_id: company.id,
      lines: lines.map((l) => ({ ...l, quantity: '50' })),
      note: 'Catering for the launch event',
    });
  }
}
