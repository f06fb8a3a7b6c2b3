import type { Brand, BrandInput } from '@posauto/shared/schemas/catalogue-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';
import { conflict } from '../../http/errors';

export const BRAND_COUNTER = 'brands';

const selectBrands = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('brands as t')
    .select(['t.id', 't.name', 't.description', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

export function brandsService(deps: Deps) {
  return crudTableService(deps, {
    table: 'brands',
    entity: 'brand',
    counter: BRAND_COUNTER,
    nameTaken: 'errors.brand_name_taken',
    select: selectBrands,
    toApi: (r): Brand => ({ ...r, status: Boolean(r.status) }),
    columns: (input: BrandInput) => ({ description: input.description || null }),
    async beforeRemove(trx, businessId, id) {
      const used = await trx
        .selectFrom('products')
        .select('id')
        .where('business_id', '=', businessId)
        .where('brand_id', '=', id)
        .executeTakeFirst();
      if (used) throw conflict('errors.brand_in_use');
    },
  });
}
