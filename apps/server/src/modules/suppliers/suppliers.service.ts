import type { Supplier, SupplierInput } from '@posauto/shared/schemas/catalogue-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';

export const SUPPLIER_COUNTER = 'suppliers';

const selectSuppliers = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('suppliers as t')
    .select(['t.id', 't.name', 't.company', 't.phone', 't.email', 't.address', 't.note', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

export function suppliersService(deps: Deps) {
  return crudTableService(deps, {
    table: 'suppliers',
    entity: 'supplier',
    counter: SUPPLIER_COUNTER,
    nameTaken: 'errors.supplier_name_taken',
    list: { searchColumns: ['t.name', 't.company', 't.phone', 't.email'] },
    select: selectSuppliers,
    toApi: (r): Supplier => ({ ...r, status: Boolean(r.status) }),
    columns: (i: SupplierInput) => ({
      company: i.company || null,
      phone: i.phone || null,
      email: i.email || null,
      address: i.address || null,
      note: i.note || null,
    }),
  });
}
