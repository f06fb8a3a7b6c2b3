import type { PaperWidth, SaleSettings, SaleSettingsInput } from '@posauto/shared/schemas/shop-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import { isForeignKeyViolation } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';

const selectSaleSettings = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('sale_settings as s')
    .leftJoin('customers as c', sameShop('c', 's.default_customer_id'))
    .leftJoin('payment_methods as p', sameShop('p', 's.default_payment_method_id'))
    .select([
      's.default_customer_id',
      'c.name as default_customer_name',
      's.default_payment_method_id',
      'p.name as default_payment_method_name',
      's.receipt_show_logo',
      's.receipt_show_address',
      's.receipt_show_vatin',
      's.receipt_paper_width',
      's.receipt_auto_print',
      's.invoice_prefix',
      's.quotation_prefix',
      's.updated_at',
    ])
    .where('s.business_id', '=', businessId);

async function load(db: Kysely<Database>, businessId: string): Promise<SaleSettings> {
  const r = await selectSaleSettings(db, businessId).executeTakeFirst();
  if (!r) throw notFound();
  return {
    ...r,
    default_customer_name: r.default_customer_name ?? null,
    default_payment_method_name: r.default_payment_method_name ?? null,
    receipt_show_logo: Boolean(r.receipt_show_logo),
    receipt_show_address: Boolean(r.receipt_show_address),
    receipt_show_vatin: Boolean(r.receipt_show_vatin),
    receipt_paper_width: (r.receipt_paper_width === 58 ? 58 : 80) as PaperWidth,
    receipt_auto_print: Boolean(r.receipt_auto_print),
  };
}

/** An active row of the caller's shop; another shop's id is answered exactly like one that does not exist. */
async function activeRowExists(
  db: Kysely<Database>,
  table: 'customers' | 'payment_methods',
  businessId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Refuses (409) to delete a payment method that new sales start with; the payment methods service calls this
 * before a delete (the composite foreign key would refuse it anyway, less politely).
 */
export async function assertNotDefaultPaymentMethod(db: Kysely<Database>, businessId: string, paymentMethodId: string): Promise<void> {
  const row = await db
    .selectFrom('sale_settings')
    .select('business_id')
    .where('business_id', '=', businessId)
    .where('default_payment_method_id', '=', paymentMethodId)
    .executeTakeFirst();
  if (row) throw conflict('errors.payment_method_is_default');
}

/** The shop's sale defaults: the customer and payment method each new sale starts with, receipts and document numbers. */
export function saleSettingsService(deps: Deps) {
  const { db, clock } = deps;
  const audit = auditFor(clock, 'sale_setting');
  return {
    get: (ctx: RequestContext) => load(db, ctx.businessId),

    async update(ctx: RequestContext, input: SaleSettingsInput): Promise<SaleSettings> {
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await load(trx, ctx.businessId);
          if (!(await activeRowExists(trx, 'customers', ctx.businessId, input.default_customer_id))) {
            throw unprocessable('errors.sale_customer_missing', 'default_customer_id');
          }
          const paymentMethodId = input.default_payment_method_id ?? null;
          if (paymentMethodId && !(await activeRowExists(trx, 'payment_methods', ctx.businessId, paymentMethodId))) {
            throw unprocessable('errors.sale_payment_method_missing', 'default_payment_method_id');
          }
          await trx
            .updateTable('sale_settings')
            .set({
              default_customer_id: input.default_customer_id,
              default_payment_method_id: paymentMethodId,
              receipt_show_logo: input.receipt_show_logo ? 1 : 0,
              receipt_show_address: input.receipt_show_address ? 1 : 0,
              receipt_show_vatin: input.receipt_show_vatin ? 1 : 0,
              receipt_paper_width: input.receipt_paper_width,
              receipt_auto_print: input.receipt_auto_print ? 1 : 0,
              invoice_prefix: input.invoice_prefix,
              quotation_prefix: input.quotation_prefix,
              updated_at: clock.now().toISOString(),
            })
            .where('business_id', '=', ctx.businessId)
            .execute();
          const changed = Object.keys(input).filter(
            (k) => (input as Record<string, unknown>)[k] !== (before as Record<string, unknown>)[k],
          );
          await audit(trx, ctx, 'update', null, { changed });
          return load(trx, ctx.businessId);
        });
      } catch (e) {
        // The customer was deleted between the check and the write.
        if (isForeignKeyViolation(deps.kind, e)) throw unprocessable('errors.sale_customer_missing', 'default_customer_id');
        throw e;
      }
    },
  };
}
