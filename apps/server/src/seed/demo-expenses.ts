import type { Kysely } from 'kysely';
import { isCurrencyCode, parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { CreatedBusiness } from '../modules/businesses/index';
import { bumpCounter } from '../db/list';
import { newId } from '../lib/ids';
import { DEFAULT_TIME_ZONE, addDays, isTimeZone, localDay } from '../lib/time-zone';
import { EXPENSE_CATEGORY_COUNTER } from '../modules/expense-categories/index';
import { EXPENSE_COUNTER, inShopCurrency } from '../modules/expenses/index';
import { seededRandom } from '@posauto/shared/random';

const DAYS = 60;
const CATEGORIES = [
  { name: 'Rent', description: 'Shop rent, paid monthly' },
  { name: 'Salaries', description: 'Staff wages' },
  { name: 'Utilities', description: 'Electricity, water and internet' },
  { name: 'Ingredients', description: 'Market purchases outside the supplier orders' },
  { name: 'Maintenance', description: 'Repairs and cleaning' },
  { name: 'Marketing', description: 'Flyers, posts and promotions' },
] as const;
type CategoryName = (typeof CATEGORIES)[number]['name'];

interface Planned {
  category: CategoryName;
  day: string;
  currency: CurrencyCode;
  cost: string;
  method: 'cash' | 'bank' | null;
  note: string;
}

/**
 * Demo Coffee's expense categories, and (with the demo sales) sixty days of expenses in both branches: rent and
 * salaries each month by bank transfer, electricity in riel, market ingredients in riel every few days, now and
 * then a repair or a promotion. Inserted in one statement: the seed stays fast.
 */
export async function seedDemoExpenses(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, withExpenses: boolean): Promise<void> {
  const biz = shop.businessId;
  const at = deps.clock.now().toISOString();
  const ids = new Map<CategoryName, string>();
  await trx
    .insertInto('expense_categories')
    .values(
      CATEGORIES.map((c) => {
        const id = newId();
        ids.set(c.name, id);
        return { business_id: biz, id, name: c.name, description: c.description, status: 1, created_at: at, updated_at: at };
      }),
    )
    .execute();
  await bumpCounter(trx, deps.kind, biz, EXPENSE_CATEGORY_COUNTER, CATEGORIES.length);
  if (!withExpenses || shop.branchIds.length < 2) return;

  const g = await trx
    .selectFrom('general_settings')
    .select(['currency', 'exchange_rate', 'time_zone'])
    .where('business_id', '=', biz)
    .executeTakeFirstOrThrow();
  const shopCurrency: CurrencyCode = isCurrencyCode(g.currency) ? g.currency : 'USD';
  const rate = Number(g.exchange_rate);
  const methods = await trx
    .selectFrom('payment_methods')
    .select(['id', 'type'])
    .where('business_id', '=', biz)
    .where('status', '=', 1)
    .execute();
  const methodId = {
    cash: methods.find((m) => m.type === 'cash')?.id ?? null,
    bank: methods.find((m) => m.type === 'bank_transfer')?.id ?? null,
  };

  const today = localDay(deps.clock.now(), isTimeZone(g.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE);
  const rnd = seededRandom(13);
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const plan: Array<Planned & { branch: number }> = [];
  shop.branchIds.slice(0, 2).forEach((_, branch) => {
    const size = branch === 0 ? 1 : 0.7;
    for (let d = DAYS - 1; d >= 0; d--) {
      const day = addDays(today, -d);
      const dom = Number(day.slice(8, 10));
      if (dom === 1) {
        plan.push({
          branch,
          category: 'Rent',
          day,
          currency: 'USD',
          cost: String(Math.round(200 * size)),
          method: 'bank',
          note: 'Monthly rent',
        });
        plan.push({
          branch,
          category: 'Salaries',
          day,
          currency: 'USD',
          cost: String(Math.round(300 * size)),
          method: 'bank',
          note: 'Staff wages',
        });
      }
      if (dom === 5)
        plan.push({
          branch,
          category: 'Utilities',
          day,
          currency: 'KHR',
          cost: String(between(120, 200) * 1000),
          method: 'cash',
          note: 'EDC electricity bill',
        });
      if (dom === 12) plan.push({ branch, category: 'Utilities', day, currency: 'USD', cost: '35.00', method: 'bank', note: 'Internet' });
      if (d % 3 === branch)
        plan.push({
          branch,
          category: 'Ingredients',
          day,
          currency: 'KHR',
          cost: String(between(20, 80) * 1000),
          method: rnd() < 0.5 ? 'cash' : null,
          note: 'Fresh milk and fruit from the market',
        });
      if (rnd() < 0.04)
        plan.push({
          branch,
          category: 'Maintenance',
          day,
          currency: 'USD',
          cost: `${between(15, 80)}.${between(0, 9)}0`,
          method: 'cash',
          note: 'Espresso machine service',
        });
      if (rnd() < 0.03)
        plan.push({
          branch,
          category: 'Marketing',
          day,
          currency: 'USD',
          cost: `${between(20, 60)}.00`,
          method: null,
          note: 'Facebook promotion',
        });
    }
  });

  const rows = plan.map((p) => {
    const expendCost = parseDecimal(p.cost, p.currency === 'KHR' ? 0 : 2);
    const created = `${p.day}T03:00:00.000Z` < at ? `${p.day}T03:00:00.000Z` : at;
    return {
      business_id: biz,
      id: newId(),
      branch_id: shop.branchIds[p.branch]!,
      category_id: ids.get(p.category)!,
      expense_date: p.day,
      currency: p.currency,
      expend_cost: expendCost,
      exchange_rate: rate,
      amount: inShopCurrency(expendCost, p.currency, shopCurrency, rate),
      payment_method_id: p.method ? methodId[p.method] : null,
      note: p.note,
      attachment: null,
      created_by: shop.ownerId,
      created_at: created,
      updated_at: created,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('expenses')
      .values(rows.slice(i, i + 200))
      .execute();
  await bumpCounter(trx, deps.kind, biz, EXPENSE_COUNTER, rows.length);
}
