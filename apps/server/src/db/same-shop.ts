import type { JoinBuilder, ReferenceExpression } from 'kysely';

// What the callback answers for a reference the query does not have: not a JoinBuilder, so Kysely refuses it.
interface NotInQuery<R extends string> {
  readonly notAColumnOfThisQuery: R;
}
type Checked<DB, TB extends keyof DB, A extends string, F extends string> =
  `${A}.id` extends ReferenceExpression<DB, TB>
    ? F extends ReferenceExpression<DB, TB>
      ? `${A}.business_id` extends ReferenceExpression<DB, TB>
        ? JoinBuilder<DB, TB>
        : NotInQuery<`${A}.business_id`>
      : NotInQuery<F>
    : NotInQuery<`${A}.id`>;

/**
 * The join every tenant table makes: a row of the same shop that a foreign key points at,
 * `joined.business_id = from.business_id AND joined.id = fk`. Written out, it was the same two `onRef` calls 155 times.
 * The composite foreign keys (business_id, x_id) make the database refuse a row of another shop; joining on both
 * columns lets it use their indexes. Checked by the compiler: an alias or a column the query does not have makes the
 * callback answer something that is not a join, which Kysely refuses.
 *
 *   .innerJoin('suppliers as s', sameShop('s', 'p.supplier_id'))
 */
export function sameShop<A extends string, F extends `${string}.${string}`>(joined: A, fk: F) {
  const from = fk.slice(0, fk.indexOf('.'));
  return <DB, TB extends keyof DB>(j: JoinBuilder<DB, TB>): Checked<DB, TB, A, F> =>
    j
      .onRef(`${joined}.business_id` as ReferenceExpression<DB, TB>, '=', `${from}.business_id` as ReferenceExpression<DB, TB>)
      .onRef(`${joined}.id` as ReferenceExpression<DB, TB>, '=', fk as ReferenceExpression<DB, TB>) as Checked<DB, TB, A, F>;
}
