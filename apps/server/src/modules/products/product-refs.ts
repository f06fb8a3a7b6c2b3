import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { claimUpload } from '../media/index';
import type { FieldErrors } from './field-errors';

/** Deeper than any real packaging chain; stops a corrupted chain from looping. */
const MAX_UNIT_DEPTH = 32;

type RefTable = 'categories' | 'brands' | 'units';

/**
 * A category, brand or unit the product points at: it must be the shop's (another shop's id reads as
 * 'Incorrect Data', revealing nothing), and active unless the product already had it (editing keeps old choices).
 */
async function checkRef(
  trx: Kysely<Database>,
  businessId: string,
  table: RefTable,
  field: string,
  id: string | null,
  previous: string | null,
  errors: FieldErrors,
) {
  if (!id) return;
  const row = await trx
    .selectFrom(table)
    .select(['id', 'status'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors.add(field, 'validation.invalid');
  else if (!row.status && id !== previous) errors.add(field, 'validation.inactive_choice');
}

/** The base unit at the root of a unit's chain (1 box -> 24 cans: can). */
async function rootUnit(trx: Kysely<Database>, businessId: string, id: string): Promise<string | null> {
  let cursor = id;
  for (let depth = 0; depth <= MAX_UNIT_DEPTH; depth++) {
    const row = await trx
      .selectFrom('units')
      .select('base_unit_id')
      .where('business_id', '=', businessId)
      .where('id', '=', cursor)
      .executeTakeFirst();
    if (!row) return null;
    if (!row.base_unit_id) return cursor;
    cursor = row.base_unit_id;
  }
  return null;
}

export interface RefInput {
  category_id: string | null;
  brand_id: string | null;
  unit_id: string | null;
  purchase_unit_id: string | null;
  sale_unit_id: string | null;
}

/**
 * Category, brand and units. Purchase and sale units default to the product's unit and must share its base unit,
 * so a purchase of 2 boxes converts exactly into cans of the same stock.
 */
export async function checkRefs(
  trx: Kysely<Database>,
  businessId: string,
  input: RefInput,
  previous: RefInput | null,
  errors: FieldErrors,
): Promise<RefInput> {
  const out = { ...input };
  await checkRef(trx, businessId, 'categories', 'category_id', out.category_id, previous?.category_id ?? null, errors);
  await checkRef(trx, businessId, 'brands', 'brand_id', out.brand_id, previous?.brand_id ?? null, errors);
  await checkRef(trx, businessId, 'units', 'unit_id', out.unit_id, previous?.unit_id ?? null, errors);
  if (!out.unit_id) {
    for (const f of ['purchase_unit_id', 'sale_unit_id'] as const) if (out[f]) errors.add(f, 'validation.unit_required_first');
    return out;
  }
  out.purchase_unit_id ??= out.unit_id;
  out.sale_unit_id ??= out.unit_id;
  const base = errors.has('unit_id') ? null : await rootUnit(trx, businessId, out.unit_id);
  for (const f of ['purchase_unit_id', 'sale_unit_id'] as const) {
    const id = out[f]!;
    if (id === out.unit_id) continue;
    await checkRef(trx, businessId, 'units', f, id, previous?.[f] ?? null, errors);
    if (!errors.has(f) && base && (await rootUnit(trx, businessId, id)) !== base) errors.add(f, 'validation.unit_base_mismatch');
  }
  return out;
}

/** The branches a product is sold in: null = all; otherwise at least one, each the shop's. */
export async function checkBranches(
  trx: Kysely<Database>,
  businessId: string,
  ids: readonly string[] | null | undefined,
  errors: FieldErrors,
): Promise<string[] | null> {
  if (ids === null || ids === undefined) return null;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return []; // refused by the product schema (productRules in @posauto/shared)
  const found = await trx.selectFrom('branches').select('id').where('business_id', '=', businessId).where('id', 'in', unique).execute();
  if (found.length !== unique.length) errors.add('branch_ids', 'validation.invalid');
  return unique;
}

/**
 * The product's image: its current one, none, or an upload of this shop made for a product image and not used by
 * any other record, which this product takes (claimed in the caller's transaction, so a failed save gives it back).
 * Never another shop's file, the shop's logo or another product's image.
 */
export async function checkImage(
  trx: Kysely<Database>,
  businessId: string,
  key: string | null | undefined,
  previous: string | null,
  errors: FieldErrors,
  at: string,
): Promise<string | null> {
  const k = key?.trim() || null;
  if (k && k !== previous && !(await claimUpload(trx, businessId, k, 'product', at))) errors.add('image', 'validation.invalid');
  return k;
}
