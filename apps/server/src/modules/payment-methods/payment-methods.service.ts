import type { PaymentMethod, PaymentMethodInput, PaymentMethodType } from '@posauto/shared/schemas/catalogue-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';
import { assertNotDefaultPaymentMethod } from '../sale-settings/index';

export const PAYMENT_METHOD_COUNTER = 'payment_methods';

const selectPaymentMethods = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('payment_methods as t')
    .select(['t.id', 't.name', 't.type', 't.account_details', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

export function paymentMethodsService(deps: Deps) {
  return crudTableService(deps, {
    table: 'payment_methods',
    entity: 'payment_method',
    counter: PAYMENT_METHOD_COUNTER,
    nameTaken: 'errors.payment_method_name_taken',
    select: selectPaymentMethods,
    toApi: (r): PaymentMethod => ({ ...r, type: r.type as PaymentMethodType, status: Boolean(r.status) }),
    columns: (i: PaymentMethodInput) => ({ type: i.type, account_details: i.account_details || null }),
    // The sale settings' default payment method stays until another default is chosen.
    beforeRemove: (trx, businessId, id) => assertNotDefaultPaymentMethod(trx, businessId, id),
  });
}
