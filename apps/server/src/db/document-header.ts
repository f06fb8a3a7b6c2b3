import { sql, type Kysely, type Nullable, type ReferenceExpression, type SelectQueryBuilder } from 'kysely';
import type { Database } from './types';
import { sameShop } from './same-shop';

/**
 * "First Last" of the user joined as `u`: who made a document, as its lists and receipts show it. NULL where that
 * user is gone (the join is a left join), so a document outlives the account that wrote it.
 */
export const creatorName = sql<string | null>`u.first_name || ' ' || u.last_name`;

// What a call answers for a column the query does not have: not a query, so the next call does not compile.
interface NotInQuery<R extends string> {
  readonly notAColumnOfThisQuery: R;
}
/** `Q` where every one of the columns `C` is a reference the query has, else the ones it does not have. */
type Checked<DB, TB extends keyof DB, C extends string, Q> = [C] extends [ReferenceExpression<DB, TB>]
  ? Q
  : NotInQuery<Exclude<C, ReferenceExpression<DB, TB>>>;

type Joined<DB, TB extends keyof DB, O, J> = SelectQueryBuilder<DB & J, TB | (keyof J & string), O>;
type Creator = { u: Nullable<Database['users']> };
type BranchAndCreator = Creator & { b: Database['branches'] };
type LineGoods = { pr: Database['products']; v: Nullable<Database['product_variants']>; u: Nullable<Database['units']> };

/** The shape the joins are written against; `d` stands for the caller's alias, whatever it is named. */
type AnyRow = Database & {
  d: { business_id: string; branch_id: string; created_by: string | null; product_id: string; variant_id: string | null; unit_id: string };
};
const asAny = <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) => qb as unknown as SelectQueryBuilder<AnyRow, 'd', O>;

/**
 * The user who made a document, joined as `u` (a left join: see creatorName). Checked by the compiler as sameShop is:
 * an alias without created_by makes the call answer something that is not a query.
 *
 *   .$call(withCreator('s')).select(creatorName.as('created_by'))
 */
export function withCreator<D extends string>(doc: D) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    asAny(qb).leftJoin('users as u', sameShop('u', `${doc}.created_by` as 'd.created_by')) as unknown as Checked<
      DB,
      TB,
      `${D}.created_by`,
      Joined<DB, TB, O, Creator>
    >;
}

/**
 * The joins every document's header read makes: its branch (as `b`) and the user who made it (withCreator). Written
 * out, they were the same two joins in every document module.
 *
 *   .innerJoin('sales as s', sameShop('s', 'l.sale_id')).$call(branchAndCreator('s'))
 */
export function branchAndCreator<D extends string>(doc: D) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    asAny(qb)
      .innerJoin('branches as b', sameShop('b', `${doc}.branch_id` as 'd.branch_id'))
      .$call(withCreator(doc)) as unknown as Checked<DB, TB, `${D}.branch_id` | `${D}.created_by`, Joined<DB, TB, O, BranchAndCreator>>;
}

/**
 * What a document line is of, as its detail shows it: the product (as `pr`), the variant (`v`) and the unit (`u`) the
 * line was written in, the last two left joins since a line may have neither.
 *
 *   .selectFrom('purchase_lines as l').$call(lineGoods('l'))
 */
export function lineGoods<L extends string>(line: L) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    asAny(qb)
      .innerJoin('products as pr', sameShop('pr', `${line}.product_id` as 'd.product_id'))
      .leftJoin('product_variants as v', sameShop('v', `${line}.variant_id` as 'd.variant_id'))
      .leftJoin('units as u', sameShop('u', `${line}.unit_id` as 'd.unit_id')) as unknown as Checked<
      DB,
      TB,
      `${L}.product_id` | `${L}.variant_id` | `${L}.unit_id`,
      Joined<DB, TB, O, LineGoods>
    >;
}

/** The tables whose rows are documents a branch makes: they carry the shop, the branch and the user who made them. */
type DocumentTable = {
  [T in keyof Database]: Database[T] extends { business_id: unknown; branch_id: unknown; created_by: unknown } ? T : never;
}[keyof Database];

/**
 * A document table as its header reads start: one shop's rows, as `alias`, with its branch and its creator joined
 * (branchAndCreator).
 *
 *   documentFrom(db, 'purchases', 'p', businessId).select(['p.id', 'b.name as branch_name', creatorName.as('created_by')])
 */
export function documentFrom<T extends DocumentTable, A extends string>(db: Kysely<Database>, table: T, alias: A, businessId: string) {
  const from = (db as unknown as Kysely<AnyRow>)
    .selectFrom(`${table} as ${alias}` as 'd')
    .where(`${alias}.business_id` as 'd.business_id', '=', businessId);
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- what selectFrom starts with: nothing selected yet
  return from.$call(branchAndCreator(alias)) as unknown as Joined<Database & { [K in A]: Database[T] }, A, {}, BranchAndCreator>;
}
