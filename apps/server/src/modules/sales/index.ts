import type { Kysely } from 'kysely';
import { saleInputSchema, type SaleInput } from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { assertMayWrite, commitSale, type CommitOptions } from './sale-commit';
import { requestHash } from './sale-money';

export { saleRoutes } from './sales.routes';
export { postSaleReturn } from './sale-returns.service';
export { staffWithSales } from './sales-read';
export { priceSaleDraft } from './sale-commit';
export { prepareLines, type PreparedLine } from './sale-lines';
export { toMinor, requestHash, moneyOut, rielOf } from './sale-money';

/**
 * Commits a sale, invoice or quotation inside the caller's transaction (the demo seed's, with its own clock in
 * `deps`), by the same rules as POST /api/v1/sales; a till sale needs the caller's open cash session. Returns the
 * new document's id.
 */
export async function postSale(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  raw: SaleInput,
  options: { idempotencyKey?: string | null; table?: CommitOptions['table']; soldAt?: Date; serviceNames?: readonly string[] } = {},
): Promise<string> {
  const input = saleInputSchema.parse(raw);
  assertMayWrite(ctx, input);
  const key = options.idempotencyKey ?? null;
  return commitSale(trx, deps, ctx, input, {
    idempotencyKey: key,
    requestHash: key ? requestHash(input) : null,
    ...(options.table ? { table: options.table } : {}),
    ...(options.soldAt ? { soldAt: options.soldAt } : {}),
    ...(options.serviceNames ? { serviceNames: options.serviceNames } : {}),
  });
}
