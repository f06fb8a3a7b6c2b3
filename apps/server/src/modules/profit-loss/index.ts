import { profitLossQuerySchema, profitLossResponseSchema, type ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerReport } from '../../kernel/report-kit';
import { profitLoss, rielOf } from './profit-loss.service';

interface SheetRow {
  line: string;
  amount: string;
  riel: string;
}

/** The statement as the screen lays it out, top to bottom; net profit (the bottom line) is the totals row, last. */
export function statementRows(data: ProfitLossResponse, t: (key: string) => string): SheetRow[] {
  const s = data.statement;
  const row = (key: string, amount: string, label = t(`profit_loss.lines.${key}`)): SheetRow => ({
    line: label,
    amount,
    riel: rielOf(amount, data.period),
  });
  return [
    row('net_sales', s.net_sales),
    row('returns', s.returns),
    row('net_revenue', s.net_revenue),
    row('service_charges', s.service_charges),
    row('shipping', s.shipping),
    row('cogs', s.cogs),
    row('gross_profit', s.gross_profit),
    ...data.expenses_by_category.map((c) => row('expense', c.amount, `${t('profit_loss.lines.expense')}: ${c.category_name}`)),
    row('expenses', s.expenses),
    row('discounts', s.discounts),
    row('vat_collected', s.vat_collected),
    row('net_profit', s.net_profit),
  ];
}

export function profitLossRoutes(app: AppInstance, deps: Deps): void {
  registerReport(app, deps, {
    path: '/api/v1/reports/profit-loss',
    operationId: 'getProfitLossReport',
    summary:
      'Profit and loss: net sales, returns, VAT apart, service charges, shipping, cost of goods, gross profit, expenses by category, net profit',
    permission: 'profit-lost-report',
    query: profitLossQuerySchema,
    response: profitLossResponseSchema,
    run: profitLoss,
    sheet: {
      fileKey: 'profit_loss.title',
      fileName: 'profit-loss',
      columns: (t) => [
        { header: t('profit_loss.columns.line'), value: (r: SheetRow) => r.line, width: 36 },
        // Numbers, not text: a loss is a negative amount a spreadsheet can add up (text starting with '-' would be
        // kept inert as a possible formula). Two decimals print exactly.
        { header: t('profit_loss.columns.amount'), value: (r: SheetRow) => Number(r.amount), width: 16 },
        { header: t('profit_loss.columns.riel'), value: (r: SheetRow) => (r.riel === '' ? '' : Number(r.riel)), width: 18 },
      ],
      rows: (data: ProfitLossResponse, t) => statementRows(data, t),
    },
  });
}
