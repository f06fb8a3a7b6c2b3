import type { Customer, CustomerInput, CustomerListQuery, CustomerOption, CustomerType } from '@posauto/shared/schemas/shop-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { crudTableService } from '../../http/crud-table';
import { conflict } from '../../http/errors';
import { CUSTOMER_COUNTER } from '../businesses/index';
import * as repo from './customers.repo';

const toApi = (r: repo.CustomerRow): Customer => ({
  ...r,
  customer_type: r.customer_type as CustomerType,
  is_walk_in: Boolean(r.is_walk_in),
  status: Boolean(r.status),
});

/** The Walk-in customer and the sale settings' default customer stay active (and stay at all). */
async function assertMayDeactivate(trx: Kysely<Database>, businessId: string, c: Customer) {
  if (!c.status) return;
  if (c.is_walk_in) throw conflict('errors.customer_walk_in_status');
  if (await repo.isSaleDefault(trx, businessId, c.id)) throw conflict('errors.customer_is_default');
}

/**
 * The shop's customers. The Walk-in customer (created with the shop) is never deleted nor deactivated, nor is the
 * customer the sale settings start every sale with; a Member ID belongs to one customer of the shop (names may repeat).
 */
export function customersService(deps: Deps) {
  const base = crudTableService(deps, {
    table: 'customers',
    entity: 'customer',
    counter: CUSTOMER_COUNTER,
    duplicate: () => conflict('errors.customer_member_id_taken', 'member_id'),
    list: {
      searchColumns: ['t.name', 't.phone', 't.member_id', 't.company_name', 't.email'],
      sorts: { name: 't.name', member_id: 't.member_id', created_at: 't.created_at', status: 't.status' },
    },
    filters: (query: CustomerListQuery) => ({ 't.customer_type': query.customer_type }),
    select: repo.selectCustomers,
    toApi,
    // A company name belongs to company customers only.
    columns: (i: CustomerInput) => ({
      customer_type: i.customer_type,
      company_name: i.customer_type === 'company' ? i.company_name || null : null,
      phone: i.phone || null,
      email: i.email || null,
      address: i.address || null,
      member_id: i.member_id || null,
      note: i.note || null,
    }),
    async check(trx, businessId, id, input) {
      if (input.member_id && (await repo.memberIdTaken(trx, businessId, input.member_id, id ?? undefined)))
        throw conflict('errors.customer_member_id_taken', 'member_id');
    },
    beforeDeactivate: assertMayDeactivate,
    async beforeRemove(trx, businessId, id, c) {
      if (c.is_walk_in) throw conflict('errors.customer_walk_in_delete');
      if (await repo.isSaleDefault(trx, businessId, id)) throw conflict('errors.customer_is_default');
    },
    // Sales or other records still name the customer: it stays (it can be deactivated instead).
    inUse: 'errors.customer_in_use',
    auditRemoved: (c) => ({ name: c.name }),
  });

  return {
    ...base,
    async options(ctx: RequestContext, search: string | undefined): Promise<CustomerOption[]> {
      const rows = await repo.customerOptions(deps.db, deps.kind, ctx.businessId, search, 20);
      return rows.map((r) => ({ ...r, is_walk_in: Boolean(r.is_walk_in) }));
    },
  };
}
