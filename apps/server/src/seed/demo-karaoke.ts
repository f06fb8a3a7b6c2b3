import type { Kysely } from 'kysely';
import { BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import { QTY_SCALE, priceSale, convert, exchangeRate, formatDecimal, parseDecimal, roundDiv } from '@posauto/shared/money/index';
import type { SaleInput } from '@posauto/shared/schemas/sales';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { bumpCounter } from '../db/list';
import { newId } from '../lib/ids';
import { addDays, localDay } from '../lib/time-zone';
import { cashSessionsService } from '../modules/cash-sessions/index';
import { postPurchase } from '../modules/purchases/index';
import { postSale } from '../modules/sales/index';
import { postAdjustment } from '../modules/stock/index';
import { SUPPLIER_COUNTER } from '../modules/suppliers/index';
import { OPEN_TONIGHT, serveDinner, type DemoRestaurant, type DinnerLine } from './demo-restaurant';
import type { RoomHistory, RoomTill } from './demo-rooms';
import { seededRandom } from '@posauto/shared/random';

const ZONE = 'Asia/Phnom_Penh';
/** Evenings of sales behind the first start (the opening count is the day before the first). */
const DAYS = 21;
/** Tables and rooms served per evening: quiet early in the week, full on Friday and Saturday. */
const TICKETS = [5, 4, 4, 5, 6, 9, 9];
/** When a karaoke restaurant sells, in Phnom Penh hours, weighted: dinner, then the rooms until late. */
const HOURS = [17, 18, 18, 19, 19, 19, 20, 20, 20, 21, 21, 21, 22, 22, 22];
/**
 * Units each item starts with (the opening count) and each weekly delivery brings, by product name: enough for the
 * tables and for the karaoke rooms (demo-rooms.ts), whose guests drink most of the beer.
 */
const STOCK: Record<string, { opening: number; weekly: number; shelfDays: number }> = {
  'Angkor beer can': { opening: 360, weekly: 336, shelfDays: 180 },
  'Cambodia beer can': { opening: 168, weekly: 144, shelfDays: 180 },
  'Coca-Cola can': { opening: 72, weekly: 48, shelfDays: 270 },
  'Drinking water': { opening: 96, weekly: 48, shelfDays: 365 },
  'Potato chips': { opening: 48, weekly: 48, shelfDays: 120 },
};
/** Deliveries: days ago, how much of each is paid; the last one is still on order. */
const DELIVERIES = [
  { ago: 15, status: 'received', paid: 'all' },
  { ago: 8, status: 'received', paid: 'half' },
  { ago: 1, status: 'received', paid: 'none' },
  { ago: 0, status: 'ordered', paid: 'none' },
] as const;
/** Tables a dinner of the history is served at, the dining room more often; today leaves free those open now. */
const DINNER_TABLES = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D1', 'D3', 'D6', 'D8', 'T1', 'T2', 'T3', 'T4'];

/** Stocked items are sold only while this much is left (above the shop's alert of 10), so the seed never runs out. */
const KEEP = 12 * QTY_SCALE;

const SUPPLIER = {
  name: 'Mekong Beer & Beverage',
  company: 'Mekong Beer & Beverage Trading Co., Ltd.',
  phone: '+855 12 606 404',
  email: 'orders@mekong-beverage.example',
  address: 'Russian Federation Blvd, Toul Kork, Phnom Penh',
  note: 'Delivers on Tuesday afternoons',
};

/**
 * Demo Karaoke's stock and evenings, every figure posted through the same services as Demo Coffee's (adjustment,
 * purchases, cash sessions, sales), so the books add up: an opening count for everything it sells that manages stock,
 * weekly deliveries from its supplier (paid, half paid, unpaid, one on order), and with `sales` three weeks of
 * evenings: a cash session each evening opened by the owner, who runs the till, and tables and rooms served from
 * dinner until late, paid in dollars, riel or by bank transfer. With `restaurant`, the dinners at a table before nine
 * are served through table service (the waiter's order, the kitchen's tickets, the bill paid at the owner's till). The deliveries come in date order between the
 * evenings, so stock never runs out on any day of the history. With `rooms`, its karaoke rooms are set up on the
 * opening day and, with `sales`, each evening's room stays run between the till's sales, in time order, their food and
 * drinks from the same stock and their bills paid into the same drawer, closed after the last of them.
 */
export async function seedDemoKaraoke(
  trx: Kysely<Database>,
  deps: Deps,
  shop: CreatedBusiness,
  options: { sales: boolean; restaurant?: DemoRestaurant | null; rooms?: RoomHistory | null },
): Promise<void> {
  const biz = shop.businessId;
  const branchId = shop.branchIds[0];
  if (!branchId) return;
  const owner: RequestContext = {
    businessId: biz,
    userId: shop.ownerId,
    branchId: null,
    permissions: new Set(BUSINESS_PERMISSIONS),
    sessionId: 'demo-seed',
    ip: null,
  };
  const now = deps.clock.now();
  const today = localDay(now, ZONE);
  /** Deps whose clock says `day` at `minutes` past midnight in Phnom Penh (UTC+7), never later than now. */
  const at = (day: string, minutes: number): Deps => {
    const t = new Date(Math.min(now.getTime(), Date.parse(`${day}T00:00:00Z`) + (minutes - 7 * 60) * 60_000));
    return { ...deps, clock: { now: () => t } };
  };

  const supplierId = newId();
  await trx
    .insertInto('suppliers')
    .values({ business_id: biz, id: supplierId, status: 1, created_at: now.toISOString(), updated_at: now.toISOString(), ...SUPPLIER })
    .execute();
  await bumpCounter(trx, deps.kind, biz, SUPPLIER_COUNTER, 1);

  const products = await trx
    .selectFrom('products')
    .select(['id', 'product_name', 'type', 'sale_cost', 'purchase_cost', 'is_stock_manage'])
    .where('business_id', '=', biz)
    .where('status', '=', 1)
    .orderBy('product_name')
    .execute();
  const stocked = products.filter((p) => p.is_stock_manage && p.type === 'single');
  const [found] = await trx
    .selectFrom('adjustment_types')
    .select('id')
    .where('business_id', '=', biz)
    .where('direction', '=', 'addition')
    .orderBy('name')
    .execute();
  const methods = await trx.selectFrom('payment_methods').select(['id', 'type']).where('business_id', '=', biz).execute();
  const cash = methods.find((m) => m.type === 'cash');
  const bank = methods.find((m) => m.type === 'bank_transfer');
  if (!found || !cash || !bank) return;

  const opening = addDays(today, -DAYS - 1);
  await postAdjustment(trx, at(opening, 15 * 60), owner, {
    branch_id: branchId,
    adjustment_type_id: found.id,
    adjusted_on: opening,
    reason: 'Opening stock count',
    lines: stocked.map((p) => ({
      product_id: p.id,
      variant_id: null,
      unit_id: null,
      quantity: String(STOCK[p.product_name]?.opening ?? 24),
    })),
  });
  await options.rooms?.setUp(at(opening, 15 * 60 + 30));
  const deliver = async (d: (typeof DELIVERIES)[number]) => {
    const day = addDays(today, -d.ago);
    let total = 0;
    const lines = stocked.map((p) => {
      const s = STOCK[p.product_name] ?? { weekly: 24, shelfDays: 180 };
      total += Number(p.purchase_cost) * s.weekly;
      return {
        product_id: p.id,
        variant_id: null,
        unit_id: null,
        quantity: String(s.weekly),
        unit_cost: formatDecimal(Number(p.purchase_cost), 2),
        expiry_date: addDays(day, s.shelfDays),
      };
    });
    const amount = d.paid === 'all' ? total : d.paid === 'half' ? roundDiv(total, 2, 'half-up') : 0;
    await postPurchase(trx, at(day, 14 * 60), owner, {
      supplier_id: supplierId,
      branch_id: branchId,
      purchase_date: day,
      status: d.status,
      shipping_cost: '0',
      note: d.status === 'ordered' ? 'For the weekend' : 'Weekly delivery',
      lines,
      payment: amount ? { payment_method_id: bank.id, amount: formatDecimal(amount, 2), paid_on: day, note: '' } : null,
    });
  };

  const rnd = seededRandom(20_260_317);
  const evenings = options.sales
    ? await evening(
        trx,
        deps,
        owner,
        branchId,
        products,
        { cash: cash.id, bank: bank.id },
        rnd,
        options.restaurant ?? null,
        options.rooms ?? null,
      )
    : null;
  for (let ago = DAYS; ago >= 0; ago--) {
    const day = addDays(today, -ago);
    for (const d of DELIVERIES) if (d.ago === ago) await deliver(d);
    if (evenings) await evenings.serve(day, ago === 0, at);
  }
}

/** The till's evenings: what a table orders, how it pays, and each evening's cash session. */
async function evening(
  trx: Kysely<Database>,
  deps: Deps,
  owner: RequestContext,
  branchId: string,
  products: ReadonlyArray<{ id: string; product_name: string; type: string; sale_cost: number; is_stock_manage: number }>,
  method: { cash: string; bank: string },
  rnd: () => number,
  restaurant: DemoRestaurant | null,
  rooms: RoomHistory | null,
) {
  const biz = owner.businessId;
  const settings = await trx
    .selectFrom('general_settings')
    .select(['exchange_rate', 'sale_tax', 'is_exclude_tax'])
    .where('business_id', '=', biz)
    .executeTakeFirstOrThrow();
  const rate = exchangeRate(Number(settings.exchange_rate));
  const vat = { rate: Number(settings.sale_tax), inclusive: !settings.is_exclude_tax };
  const room = await trx
    .selectFrom('service_charges')
    .select(['id', 'type', 'value'])
    .where('business_id', '=', biz)
    .where('status', '=', 1)
    .executeTakeFirst();
  const customers = await trx
    .selectFrom('customers')
    .select('id')
    .where('business_id', '=', biz)
    .where('is_walk_in', '=', 0)
    .where('status', '=', 1)
    .execute();
  const byName = new Map(products.map((p) => [p.product_name, p]));
  const combo = products.find((p) => p.type === 'combo');
  // What a bucket takes out of stock: its components (Angkor beer, six cans).
  const parts = combo
    ? await trx
        .selectFrom('combo_items')
        .select(['item_product_id', 'quantity'])
        .where('business_id', '=', biz)
        .where('product_id', '=', combo.id)
        .execute()
    : [];
  // What the branch has of each stocked item (the ledger refuses a sale beyond it), read again each evening.
  const onHand = new Map<string, number>();
  const count = async () => {
    for (const l of await trx
      .selectFrom('stock_levels')
      .select(['product_id', 'on_hand'])
      .where('business_id', '=', biz)
      .where('branch_id', '=', branchId)
      .execute())
      onHand.set(l.product_id, Number(l.on_hand));
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  /** Takes `units` of stocked products out of the tracker if every one of them keeps KEEP; false leaves it untouched. */
  const take = (needs: Array<[string, number]>) => {
    if (needs.some(([id, q]) => (onHand.get(id) ?? 0) - q < KEEP)) return false;
    for (const [id, q] of needs) onHand.set(id, onHand.get(id)! - q);
    return true;
  };
  /** `units` of a product by name ('bucket': the beer bucket) if the tracker lets them go; else null. */
  const item = (name: string, units: number): DinnerLine | null => {
    const p = name === 'bucket' ? combo : byName.get(name);
    if (!p) return null;
    const needs: Array<[string, number]> = p === combo ? parts.map((c) => [c.item_product_id, Number(c.quantity) * units]) : [];
    if (p !== combo && p.is_stock_manage) needs.push([p.id, units * QTY_SCALE]);
    return take(needs) ? { productId: p.id, units } : null;
  };
  /** A table's order: beer by the can or the bucket, soft drinks, dinner, something to nibble. */
  const order = () => {
    const lines = new Map<string, number>();
    const add = (name: string, units: number) => {
      const line = item(name, units);
      if (line) lines.set(line.productId, (lines.get(line.productId) ?? 0) + units);
    };
    const beer = rnd() < 0.6 ? 'Angkor beer can' : 'Cambodia beer can';
    if (rnd() < 0.2) add('bucket', 1);
    else add(beer, 2 + Math.floor(rnd() * 7));
    if (rnd() < 0.45) add(pick(['Coca-Cola can', 'Drinking water']), 1 + Math.floor(rnd() * 4));
    if (rnd() < 0.6) add(pick(['Beef lok lak', 'Fried rice with chicken']), 1 + Math.floor(rnd() * 2));
    if (rnd() < 0.3) add('Potato chips', 1 + Math.floor(rnd() * 2));
    // A table that only wanted what ran short still eats: fried rice is made to order.
    if (!lines.size) add('Fried rice with chicken', 1);
    return [...lines.entries()].map(([id, units]) => ({ product: products.find((p) => p.id === id)!, units }));
  };
  /** How a bill of `due` (minor units) is paid: dollars or riel rounded up (the change given back), or a transfer. */
  const tender = (due: number): NonNullable<SaleInput['payments']> => {
    const how = rnd();
    return how < 0.45
      ? // Dollars: the next five up.
        [{ payment_method_id: method.cash, currency: 'USD', amount: formatDecimal(Math.ceil(due / 500) * 500, 2) }]
      : how < 0.75
        ? // Riel: the next 10,000 up.
          [
            {
              payment_method_id: method.cash,
              currency: 'KHR',
              amount: String(Math.ceil(convert({ amount: due, currency: 'USD' }, 'KHR', rate, 'ceil').amount / 10_000) * 10_000),
            },
          ]
        : [
            {
              payment_method_id: method.bank,
              currency: 'USD',
              amount: formatDecimal(due, 2),
              reference: `ABA ${1000 + Math.floor(rnd() * 9000)}`,
            },
          ];
  };
  /** A regular now and then; null: a walk-in. */
  const regular = () => (customers.length && rnd() < 0.15 ? pick(customers).id : null);
  const nowHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(deps.clock.now()));

  return {
    async serve(day: string, isToday: boolean, at: (day: string, minutes: number) => Deps) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const times = HOURS.filter((h) => !isToday || h < nowHour)
        .sort(() => rnd() - 0.5)
        .slice(0, TICKETS[weekday]!)
        .map((h) => h * 60 + Math.floor(rnd() * 58))
        .sort((x, y) => x - y);
      // The evening's room stays (today's: those over by now), step by step between the till's sales.
      const till: RoomTill = { cashier: owner, rnd, item, tender, customer: regular, serviceChargeId: room?.id ?? null };
      const stays = rooms ? rooms.evening(day, till, (m) => at(day, m)) : [];
      const last = stays.at(-1)?.minute ?? 0;
      // Today's doors open at five: before then there is no drawer yet.
      if (!times.length && !stays.length) return;
      await count();
      const { id: session } = await cashSessionsService(at(day, 16 * 60 + 30)).openIn(trx, owner, {
        branch_id: branchId,
        opening_usd: '50',
        opening_khr: '200000',
        note: '',
      });
      for (const minute of times) {
        // What the rooms did before this sale comes first: sales are numbered in the order they were paid.
        while (stays[0] && stays[0].minute <= minute) await stays.shift()!.run();
        const lines = order();
        const inRoom = Boolean(room) && rnd() < 0.5;
        const customer = regular();
        const due = priceSale({
          currency: 'USD',
          lines: lines.map((l) => ({ quantity: l.units * QTY_SCALE, unitPrice: Number(l.product.sale_cost) })),
          ...(inRoom && room
            ? { service: { type: room.type === 'fixed' ? ('fixed' as const) : ('percentage' as const), value: Number(room.value) } }
            : {}),
          vat,
        }).total;
        const payments = tender(due);
        if (restaurant && !inRoom && minute < 21 * 60) {
          const free = DINNER_TABLES.filter((t) => !isToday || !OPEN_TONIGHT.includes(t));
          const dinner = {
            table: pick(free),
            guests: 2 + Math.floor(rnd() * 5),
            lines: lines.map((l) => ({ productId: l.product.id, units: l.units })),
            pay: { customer_id: customer, payments },
          };
          await serveDinner(trx, restaurant, owner, dinner, (m) => at(day, m), minute);
          continue;
        }
        await postSale(
          trx,
          at(day, minute),
          owner,
          {
            document: 'sale',
            sale_type: 'pos_retail',
            customer_id: customer,
            service_charge_id: inRoom ? room!.id : null,
            note: inRoom ? `Room ${1 + Math.floor(rnd() * 6)}` : '',
            lines: lines.map((l) => ({ product_id: l.product.id, variant_id: null, quantity: String(l.units) })),
            payments,
          },
          { idempotencyKey: crypto.randomUUID() },
        );
      }
      for (const step of stays) await step.run();
      if (isToday) return; // tonight's drawer is still open
      const expected = await trx
        .selectFrom('cash_session_entries')
        .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
        .where('business_id', '=', biz)
        .where('session_id', '=', session)
        .groupBy('currency')
        .execute();
      const sum = (c: string) => Number(expected.find((e) => e.currency === c)?.total ?? 0);
      // Now and then the count is a dollar over (a tip left in the drawer).
      const over = rnd() < 0.1 ? parseDecimal('1', 2) : 0;
      // The drawer closes at a quarter to midnight, or after the last room's bill is paid.
      await cashSessionsService(at(day, Math.max(23 * 60 + 45, last + 10))).closeIn(trx, owner, session, {
        counted_usd: formatDecimal(sum('USD') + over, 2),
        counted_khr: String(sum('KHR')),
        note: over ? 'A dollar over: a tip left in the drawer' : '',
      });
    },
  };
}
