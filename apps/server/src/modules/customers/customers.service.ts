import type { Customer, CustomerInput, CustomerListQuery, CustomerOption, CustomerType } from '@posauto/shared/schemas/shop-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import { isForeignKeyViolation } from '../../db/dialect/index';
import { bumpCounter, runList, type ListSpec } from '../../db/list';
import { transactional } from '../../db/transaction';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import type { CrudService } from '../../http/crud';
import { conflict, notFound } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';
import { CUSTOMER_COUNTER } from '../businesses/index';
import * as repo from './customers.repo';

const LIST: ListSpec = {
  searchColumns: ['t.name', 't.phone', 't.member_id', 't.company_name', 't.email'],
  sorts: { name: 't.name', member_id: 't.member_id', created_at: 't.created_at', status: 't.status' },
  defaultSort: 't.name',
  statusColumn: 't.status',
  idColumn: 't.id',
  counter: CUSTOMER_COUNTER,
};

const toApi = (r: repo.CustomerRow): Customer => ({
  ...r,
  customer_type: r.customer_type as CustomerType,
  is_walk_in: Boolean(r.is_walk_in),
  status: Boolean(r.status),
});

/** What an input writes besides the keys and stamps; a company name belongs to company customers only. */
const columns = (i: CustomerInput) => ({
  name: i.name,
  customer_type: i.customer_type,
  company_name: i.customer_type === 'company' ? i.company_name || null : null,
  phone: i.phone || null,
  email: i.email || null,
  address: i.address || null,
  member_id: i.member_id || null,
  note: i.note || null,
});

/**
 * The shop's customers. The Walk-in customer (created with the shop) is never deleted nor deactivated, nor is the
 * customer the sale settings start every sale with; a Member ID belongs to one customer of the shop.
 */
export function customersService(deps: Deps): Required<CrudService<Customer, CustomerInput, CustomerListQuery>> & {
  options(ctx: RequestContext, search: string | undefined): Promise<CustomerOption[]>;
} {
  const { db, kind, clock } = deps;
  const write = transactional(db, kind, () => conflict('errors.customer_member_id_taken', 'member_id'));
  const audit = auditFor(clock, 'customer');

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<Customer> {
    const row = await repo.selectCustomers(trx, ctx.businessId).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row);
  }

  async function checkMemberId(trx: Kysely<Database>, ctx: RequestContext, input: CustomerInput, id?: string) {
    if (input.member_id && (await repo.memberIdTaken(trx, ctx.businessId, input.member_id, id)))
      throw conflict('errors.customer_member_id_taken', 'member_id');
  }

  /** The Walk-in customer and the sale settings' default customer stay active (and stay at all). */
  async function assertMayDeactivate(trx: Kysely<Database>, ctx: RequestContext, c: Customer) {
    if (c.is_walk_in) throw conflict('errors.customer_walk_in_status');
    if (await repo.isSaleDefault(trx, ctx.businessId, c.id)) throw conflict('errors.customer_is_default');
  }

  async function change(trx: Kysely<Database>, ctx: RequestContext, id: string, set: Record<string, unknown>) {
    await trx
      .updateTable('customers')
      .set({ ...set, updated_at: clock.now().toISOString() })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .execute();
  }

  return {
    async list(ctx, query) {
      const filters = { 't.customer_type': query.customer_type };
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => repo.selectCustomers(db, biz),
        query,
        LIST,
        'customers',
        filters,
      );
      return { rows: rows.map(toApi), meta };
    },

    get: (ctx, id) => load(db, ctx, id),

    create: (ctx, input) =>
      write(async (trx) => {
        await checkMemberId(trx, ctx, input);
        const id = newId();
        const at = clock.now().toISOString();
        await trx
          .insertInto('customers')
          .values({
            business_id: ctx.businessId,
            id,
            ...columns(input),
            is_walk_in: 0,
            status: input.status === false ? 0 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await bumpCounter(trx, kind, ctx.businessId, CUSTOMER_COUNTER, 1);
        await audit(trx, ctx, 'create', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    update: (ctx, id, input) =>
      write(async (trx) => {
        const before = await load(trx, ctx, id);
        await checkMemberId(trx, ctx, input, id);
        if (input.status === false && before.status) await assertMayDeactivate(trx, ctx, before);
        await change(trx, ctx, id, { ...columns(input), ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }) });
        await audit(trx, ctx, 'update', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        const before = await load(trx, ctx, id);
        if (!status && before.status) await assertMayDeactivate(trx, ctx, before);
        await change(trx, ctx, id, { status: status ? 1 : 0 });
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),

    async remove(ctx, id) {
      try {
        await write(async (trx) => {
          const c = await load(trx, ctx, id);
          if (c.is_walk_in) throw conflict('errors.customer_walk_in_delete');
          if (await repo.isSaleDefault(trx, ctx.businessId, id)) throw conflict('errors.customer_is_default');
          await trx.deleteFrom('customers').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
          await bumpCounter(trx, kind, ctx.businessId, CUSTOMER_COUNTER, -1);
          await audit(trx, ctx, 'delete', id, { name: c.name });
        });
      } catch (e) {
        // Sales or other records still name the customer: it stays (it can be deactivated instead).
        if (isForeignKeyViolation(kind, e)) throw conflict('errors.customer_in_use');
        throw e;
      }
    },

    async options(ctx, search) {
      const rows = await repo.customerOptions(db, kind, ctx.businessId, search, 20);
      return rows.map((r) => ({ ...r, is_walk_in: Boolean(r.is_walk_in) }));
    },
  };
}
