import type { Kysely } from 'kysely';
import { FACTOR_SCALE } from '@posauto/shared/money/index';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { unprocessable } from '../../http/errors';

/**
 * The factor that turns a quantity counted in `unitId` into the product's own unit (FACTOR_SCALE), read now and
 * then frozen on the document line and its movements. A unit must measure the same thing as the product's unit
 * (share its base unit): a box of 24 cans for cans, never kilograms for cans.
 */
export async function unitFactor(
  trx: Kysely<Database>,
  businessId: string,
  productId: string,
  unitId: string | null | undefined,
  field: string,
): Promise<{ id: string; factor: number } | null> {
  if (!unitId) return null;
  const product = await trx
    .selectFrom('products as p')
    .leftJoin('units as u', sameShop('u', 'p.unit_id'))
    .select(['p.unit_id', 'u.base_unit_id', 'u.operation_value'])
    .where('p.business_id', '=', businessId)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  const unit = await trx
    .selectFrom('units')
    .select(['id', 'base_unit_id', 'operation_value'])
    .where('business_id', '=', businessId)
    .where('id', '=', unitId)
    .executeTakeFirst();
  if (!product?.unit_id || !unit) throw unprocessable('stock.errors.unit_other_base', field);
  if (unit.id === product.unit_id) return { id: unit.id, factor: FACTOR_SCALE };
  const productBase = product.base_unit_id ?? product.unit_id;
  const unitBase = unit.base_unit_id ?? unit.id;
  if (productBase !== unitBase) throw unprocessable('stock.errors.unit_other_base', field);
  // Both factors are to the shared base unit; the product's own unit may itself be a pack of the base.
  const productOp = BigInt(product.base_unit_id ? product.operation_value! : FACTOR_SCALE);
  const unitOp = BigInt(unit.base_unit_id ? unit.operation_value : FACTOR_SCALE);
  const factor = Number((unitOp * BigInt(FACTOR_SCALE) + productOp / 2n) / productOp);
  if (factor <= 0) throw unprocessable('stock.errors.unit_other_base', field);
  return { id: unit.id, factor };
}
