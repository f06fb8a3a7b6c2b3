import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { FACTOR_SCALE, QTY_SCALE, formatDecimal, roundDiv } from '@posauto/shared/money/index';
import { postPurchase, postPurchaseReturn } from '../modules/purchases/index';
import { postAdjustment, postTransfer } from '../modules/stock/index';
import { addDays, localDay } from '../lib/time-zone';

/** Units on hand per branch after the opening count, sixty days ago. */
const OPENING = [40, 24];

/** What each supplier delivers (product names of the demo catalogue) and the unit the order counts in. */
const BEVERAGES = [
  { name: 'Coca-Cola can 330ml', unit: 'Box of 24', quantity: '2', shelfDays: 270 },
  { name: 'Sprite can 330ml', unit: 'Box of 24', quantity: '1', shelfDays: 270 },
  { name: 'Vital water 500ml', quantity: '48', shelfDays: 365 },
  { name: 'Vital water 1.5L', quantity: '24', shelfDays: 365 },
  { name: 'Energy drink 250ml', quantity: '24', shelfDays: 300 },
  { name: 'Fresh orange juice', quantity: '12', shelfDays: 90 },
];
const DRY_GOODS = [
  { name: 'Nescafé canned coffee', quantity: '24', shelfDays: 240 },
  { name: 'Potato chips', quantity: '30', shelfDays: 120 },
  { name: 'Butter cookies', quantity: '20', shelfDays: 90 },
];

/** Days ago, supplier (0 beverages, 1 dry goods), branch index, status and how much of it is paid. */
const PURCHASES: ReadonlyArray<{
  ago: number;
  supplier: 0 | 1;
  branch: 0 | 1;
  status: 'received' | 'ordered';
  paid: 'all' | 'half' | 'none';
}> = [
  { ago: 56, supplier: 0, branch: 0, status: 'received', paid: 'all' },
  { ago: 49, supplier: 1, branch: 0, status: 'received', paid: 'all' },
  { ago: 42, supplier: 0, branch: 1, status: 'received', paid: 'all' },
  { ago: 35, supplier: 1, branch: 1, status: 'received', paid: 'all' },
  { ago: 28, supplier: 0, branch: 0, status: 'received', paid: 'all' },
  { ago: 21, supplier: 1, branch: 0, status: 'received', paid: 'half' },
  { ago: 14, supplier: 0, branch: 0, status: 'received', paid: 'half' },
  { ago: 7, supplier: 1, branch: 1, status: 'received', paid: 'none' },
  { ago: 2, supplier: 0, branch: 0, status: 'ordered', paid: 'none' },
];

/**
 * Demo Coffee's stock, every quantity posted through the ledger like any document: an opening count sixty days ago in
 * both branches (every item that manages stock, each variant of its own), two months of purchases from its two
 * suppliers (paid, partly paid and unpaid; one still on order), fresh milk with one batch expired and one expiring
 * this week, a transfer received and one on its way, a breakage and yesterday's stocktake, which leaves a few items
 * under the shop's alert level: the ledger raises those alerts, so the bell shows real ones.
 */
export async function seedDemoStock(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness): Promise<void> {
  const ctx: RequestContext = {
    businessId: shop.businessId,
    userId: shop.ownerId,
    branchId: null,
    permissions: new Set(),
    sessionId: 'demo-seed',
    ip: null,
  };
  const biz = shop.businessId;
  const types = await trx.selectFrom('adjustment_types').select(['id', 'name', 'direction']).where('business_id', '=', biz).execute();
  const found = types.find((t) => t.direction === 'addition');
  const damaged = types.find((t) => t.direction === 'subtraction');
  if (!found || !damaged) return;

  const products = await trx
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id'))
    .select(['p.id', 'p.type', 'p.product_name', 'p.purchase_cost', 'v.id as variant_id'])
    .where('p.business_id', '=', biz)
    .where('p.is_stock_manage', '=', 1)
    .where('p.type', '!=', 'combo')
    .orderBy('p.product_name')
    .orderBy('v.sort_order')
    .execute();
  const items = products.filter((p) => p.type !== 'variation' || p.variant_id);
  const byName = new Map(items.filter((p) => p.type === 'single').map((p) => [p.product_name, p]));
  const units = new Map(
    (await trx.selectFrom('units').select(['id', 'name', 'operation_value']).where('business_id', '=', biz).execute()).map((u) => [
      u.name,
      u,
    ]),
  );
  const suppliers = await trx.selectFrom('suppliers').select('id').where('business_id', '=', biz).orderBy('name').execute();
  // 'Angkor Beverage Distribution' sorts before 'Mekong Coffee Roasters'.
  const [beverages, dryGoods] = suppliers;
  const methods = await trx.selectFrom('payment_methods').select(['id', 'type']).where('business_id', '=', biz).execute();
  const bank = methods.find((m) => m.type === 'bank_transfer') ?? methods[0];
  const today = localDay(deps.clock.now(), 'Asia/Phnom_Penh');
  // Each document is posted at 9:00 in Phnom Penh on its own day (never later than now), as if the shop had entered it
  // then: its movements carry that time, so the stock report's opening and closing fall on the right days.
  const on = (day: string): Deps => {
    const at = new Date(Math.min(deps.clock.now().getTime(), Date.parse(`${day}T02:00:00Z`)));
    return { ...deps, clock: { now: () => at } };
  };
  const [first, second] = shop.branchIds;
  if (!first || !second || !beverages || !dryGoods || !bank) return;

  for (const [b, branchId] of shop.branchIds.entries()) {
    await postAdjustment(trx, on(addDays(today, -60)), ctx, {
      branch_id: branchId,
      adjustment_type_id: found.id,
      adjusted_on: addDays(today, -60),
      reason: 'Opening stock count',
      lines: items.map((p) => ({ product_id: p.id, variant_id: p.variant_id ?? null, unit_id: null, quantity: String(OPENING[b] ?? 12) })),
    });
  }

  const purchase = async (
    ago: number,
    supplierId: string,
    branchId: string,
    status: 'received' | 'ordered',
    paid: 'all' | 'half' | 'none',
    goods: ReadonlyArray<{ name: string; unit?: string; quantity: string; shelfDays: number; expires?: number }>,
    note = '',
  ) => {
    const date = addDays(today, -ago);
    let total = 0;
    const lines = goods.flatMap((g) => {
      const p = byName.get(g.name);
      if (!p) return [];
      const unit = g.unit ? units.get(g.unit) : undefined;
      // The supplier's price per unit of the line: the product's cost times the unit's size.
      const perUnit = roundDiv(Number(p.purchase_cost) * (unit ? unit.operation_value : FACTOR_SCALE), FACTOR_SCALE, 'half-up');
      total += perUnit * Number(g.quantity);
      return [
        {
          product_id: p.id,
          variant_id: null,
          unit_id: unit?.id ?? null,
          quantity: g.quantity,
          unit_cost: formatDecimal(perUnit, 2),
          expiry_date: addDays(today, g.expires ?? g.shelfDays - ago),
        },
      ];
    });
    if (!lines.length) return null;
    const shipping = supplierId === beverages.id ? 300 : 0;
    const amount = paid === 'all' ? total + shipping : paid === 'half' ? roundDiv(total + shipping, 2, 'half-up') : 0;
    return postPurchase(trx, on(date), ctx, {
      supplier_id: supplierId,
      branch_id: branchId,
      purchase_date: date,
      status,
      shipping_cost: formatDecimal(shipping, 2),
      note,
      lines,
      payment: amount ? { payment_method_id: bank.id, amount: formatDecimal(amount, 2), paid_on: date, note: '' } : null,
    });
  };

  // Fresh milk, delivered twice: the first batch expired two days ago, the second expires in four. Every delivery is
  // entered in date order, so purchase numbers follow the days.
  const MILK = [
    { ago: 10, expires: -2 },
    { ago: 3, expires: 4 },
  ];
  const deliveries = [
    ...PURCHASES.map((p) => ({
      ago: p.ago,
      run: () =>
        purchase(p.ago, p.supplier === 0 ? beverages.id : dryGoods.id, shop.branchIds[p.branch]!, p.status, p.paid, [
          ...(p.supplier === 0 ? BEVERAGES : DRY_GOODS),
        ]),
    })),
    ...MILK.map((m) => ({
      ago: m.ago,
      run: () =>
        purchase(m.ago, beverages.id, first, 'received', 'all', [
          { name: 'Fresh milk 1L', quantity: '12', shelfDays: 0, expires: m.expires },
        ]),
    })),
  ].sort((a, b) => b.ago - a.ago);
  const posted = new Map<number, string | null>();
  for (const d of deliveries) posted.set(d.ago, await d.run());
  // Six dented energy drinks from the delivery of six weeks ago went back; the distributor refunded them in cash.
  const dented = posted.get(42);
  const energy = byName.get('Energy drink 250ml');
  const cash = methods.find((m) => m.type === 'cash');
  if (dented && energy && cash) {
    const line = await trx
      .selectFrom('purchase_lines')
      .select(['id', 'line_total', 'quantity'])
      .where('business_id', '=', biz)
      .where('purchase_id', '=', dented)
      .where('product_id', '=', energy.id)
      .executeTakeFirst();
    if (line)
      await postPurchaseReturn(trx, on(addDays(today, -40)), ctx, {
        purchase_id: dented,
        returned_on: addDays(today, -40),
        refund_amount: formatDecimal(roundDiv(Number(line.line_total) * 6 * QTY_SCALE, Number(line.quantity), 'down'), 2),
        refund_method_id: cash.id,
        note: 'Dented cans',
        lines: [{ purchase_line_id: line.id, quantity: '6' }],
      });
  }

  // Milk and beans run out faster in the second branch: a transfer received, and one still on its way.
  for (const [i, receive_now] of [
    [1, true],
    [2, false],
  ] as const) {
    const item = items[i];
    if (!item) continue;
    await postTransfer(trx, on(addDays(today, -i)), ctx, {
      from_branch_id: first,
      to_branch_id: second,
      sent_on: addDays(today, -i),
      note: receive_now ? 'Weekly top-up' : 'Urgent top-up',
      receive_now,
      lines: [{ product_id: item.id, variant_id: item.variant_id ?? null, unit_id: null, quantity: '6' }],
    });
  }
  const broken = items[0];
  if (broken) {
    await postAdjustment(trx, on(addDays(today, -3)), ctx, {
      branch_id: first,
      adjustment_type_id: damaged.id,
      adjusted_on: addDays(today, -3),
      reason: 'Dropped during delivery',
      lines: [{ product_id: broken.id, variant_id: broken.variant_id ?? null, unit_id: null, quantity: '2' }],
    });
  }
  // Yesterday's stocktake found less than the books in the first branch: these items end at or under the alert level.
  const short = [
    ['Baked cheesecake', 3],
    ['Butter croissant', 4],
    ['Chocolate muffin', 2],
  ] as const;
  const lines = [];
  for (const [name, left] of short) {
    const p = byName.get(name);
    if (!p) continue;
    const level = await trx
      .selectFrom('stock_levels')
      .select('on_hand')
      .where('business_id', '=', biz)
      .where('branch_id', '=', first)
      .where('product_id', '=', p.id)
      .where('variant_id', '=', '')
      .executeTakeFirst();
    const gone = Number(level?.on_hand ?? 0) - left * QTY_SCALE;
    if (gone > 0) lines.push({ product_id: p.id, variant_id: null, unit_id: null, quantity: formatDecimal(gone, 3) });
  }
  if (lines.length)
    await postAdjustment(trx, on(addDays(today, -1)), ctx, {
      branch_id: first,
      adjustment_type_id: damaged.id,
      adjusted_on: addDays(today, -1),
      reason: 'Stocktake: fewer on the shelf than on the books',
      lines,
    });
  // The owner has already seen the cheesecake's alert: the bell shows two unread and one read.
  const seen = byName.get('Baked cheesecake');
  if (seen)
    await trx
      .updateTable('stock_notifications')
      .set({ read_at: deps.clock.now().toISOString() })
      .where('business_id', '=', biz)
      .where('product_id', '=', seen.id)
      .execute();
}
