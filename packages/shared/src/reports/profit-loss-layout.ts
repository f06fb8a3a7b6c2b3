import type { ProfitLossResponse, ProfitLossStatement } from '../schemas/profit-loss';

/**
 * The profit and loss statement's layout, written once: the screen (apps/web features/profit-loss) draws it and the
 * server's export (apps/server modules/reports/profit-loss.ts) writes it, so the file and the screen cannot drift
 * apart. Top to bottom: revenue, cost of goods and gross profit, expenses by category, the figures given for
 * information (discounts, VAT: not income), and net profit, the bottom line, last. Amounts are shown as the answer
 * gives them (a loss is negative); nothing is negated on the way.
 */

/** The statement's amounts (the counts are said apart, above the table). */
export type StatementAmount = Exclude<keyof ProfitLossStatement, 'sales_count' | 'returns_count'>;

export type ProfitLossRow =
  /** A section's heading: no amount; the screen draws it, the export leaves it out. */
  | { kind: 'heading'; key: `h-${string}`; label: string }
  /** A line of the statement; `strong`: a subtotal, drawn bold. */
  | { kind: 'line'; key: StatementAmount; label: string; amount: string; strong: boolean }
  /** One expense category, under the expenses heading (indented on screen, "Expense: <name>" in the file). */
  | { kind: 'expense'; key: `e-${string}`; categoryName: string; amount: string }
  /** Net profit, the bottom line: the screen's footer, the file's last row. */
  | { kind: 'bottom'; key: 'net_profit'; label: string; amount: string };

type Entry = StatementAmount | [StatementAmount, 'strong'] | 'categories';

/** The sections in order, each a heading (profit_loss.sections.<name>) and its entries. */
const SECTIONS: ReadonlyArray<readonly [section: string, entries: readonly Entry[]]> = [
  ['revenue', ['net_sales', 'returns', ['net_revenue', 'strong'], 'service_charges', 'shipping']],
  ['cost', ['cogs', ['gross_profit', 'strong']]],
  ['expenses', ['categories', ['expenses', 'strong']]],
  ['info', ['discounts', 'vat_collected']],
];

/** The translation key of a statement line's label. */
export const profitLossLabel = (key: StatementAmount | 'expense') => `profit_loss.lines.${key}`;

/** The lines a month of the comparison repeats, in order (the schema's main lines). */
export const PROFIT_LOSS_MONTH_LINES = [
  'net_sales',
  'returns',
  'service_charges',
  'shipping',
  'cogs',
  'gross_profit',
  'expenses',
  'net_profit',
] as const satisfies readonly StatementAmount[];

/** The statement of an answer, row by row, top to bottom; labels are translation keys. */
export function profitLossLayout(d: Pick<ProfitLossResponse, 'statement' | 'expenses_by_category'>): ProfitLossRow[] {
  const rows: ProfitLossRow[] = [];
  for (const [section, entries] of SECTIONS) {
    rows.push({ kind: 'heading', key: `h-${section}`, label: `profit_loss.sections.${section}` });
    for (const entry of entries) {
      if (entry === 'categories') {
        for (const c of d.expenses_by_category)
          rows.push({ kind: 'expense', key: `e-${c.category_id}`, categoryName: c.category_name, amount: c.amount });
        continue;
      }
      const [key, strong] = typeof entry === 'string' ? [entry, false] : [entry[0], true];
      rows.push({ kind: 'line', key, label: profitLossLabel(key), amount: d.statement[key], strong });
    }
  }
  rows.push({ kind: 'bottom', key: 'net_profit', label: profitLossLabel('net_profit'), amount: d.statement.net_profit });
  return rows;
}
