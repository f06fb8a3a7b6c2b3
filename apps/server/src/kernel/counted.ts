import { expressionBuilder, type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool } from 'kysely';

/**
 * "One set of definitions" (docs/architecture.md): what every report, the profit and loss, the dashboard and the till
 * count. Each used to write the conditions out for itself; a report that forgot one (a quotation, a void) would
 * disagree with the others by exactly those documents, so they are written once here.
 *
 * - A counted sale: a `sales` row with document sale or invoice and status completed, on its shop-local sale_date.
 * - A counted return: a posted `sale_returns` row, on its shop-local returned_on.
 */
const COUNTED_DOCUMENTS = ['sale', 'invoice'] as const;
const COUNTED_SALE_STATUS = 'completed';
const COUNTED_RETURN_STATUS = 'posted';

/** Whose and which days: shop-local days, both included; a null branch is the whole shop. */
export interface CountedScope {
  businessId: string;
  from: string;
  to: string;
  branchId?: string | null;
}

type Piece = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;

/**
 * The conditions on one document table under its alias, as a `where` callback. Generic over the query, like
 * db/same-shop.ts: the alias names the table in whatever query the piece is put into (joined or not).
 */
function piece(alias: string, own: [column: string, op: '=' | 'in', value: unknown][], day: string, scope?: CountedScope): Piece {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const ref = (column: string) => `${alias}.${column}` as ReferenceExpression<DB, TB>;
    const terms: [string, '=' | 'in' | '>=' | '<=', unknown][] = [];
    if (scope) terms.push(['business_id', '=', scope.businessId]);
    terms.push(...own);
    if (scope) terms.push([day, '>=', scope.from], [day, '<=', scope.to]);
    if (scope?.branchId) terms.push(['branch_id', '=', scope.branchId]);
    return eb.and(terms.map(([column, op, value]) => eb(ref(column), op, value as never)));
  };
}

/**
 * A counted sale under `alias`: `.where(countedSale('s', scope))`. Without a scope, the kind of document alone (the
 * till's balance due counts the same documents, over all time).
 */
export const countedSale = (alias: string, scope?: CountedScope): Piece =>
  piece(
    alias,
    [
      ['document', 'in', COUNTED_DOCUMENTS],
      ['status', '=', COUNTED_SALE_STATUS],
    ],
    'sale_date',
    scope,
  );

/** A counted return under `alias`: `.where(countedReturn('sr', scope))`. */
export const countedReturn = (alias: string, scope?: CountedScope): Piece =>
  piece(alias, [['status', '=', COUNTED_RETURN_STATUS]], 'returned_on', scope);

/** The same conditions as an expression for a statement written in SQL by hand (the dashboard's top products). */
export const countedSaleSql = (alias: string, scope?: CountedScope) => countedSale(alias, scope)(expressionBuilder<any, any>());
export const countedReturnSql = (alias: string, scope?: CountedScope) => countedReturn(alias, scope)(expressionBuilder<any, any>());
