import { PERCENT_SCALE } from '@posauto/shared/money/index';
import type { Kysely } from 'kysely';
import type { Deps } from '../deps';
import { bumpCounter } from '../db/list';
import type { Database } from '../db/types';
import { newId } from '../lib/ids';
import { ADJUSTMENT_TYPE_COUNTER } from '../modules/adjustment-types/index';
import { SERVICE_CHARGE_COUNTER } from '../modules/service-charges/index';
import { VARIATION_VALUE_COUNTER } from '../modules/variation-values/index';
import { VARIATION_COUNTER } from '../modules/variations/index';

const DEMO_VARIATIONS = [
  { name: 'Size', description: 'Cup size', values: ['Small', 'Medium', 'Large'] },
  { name: 'Sugar', description: 'Sweetness level', values: ['0%', '50%', '100%'] },
];

type Charge = {
  name: string;
  type: 'percentage' | 'fixed';
  value: number;
  currency: 'USD' | null;
  applies_to: 'dine_in' | 'karaoke' | 'all';
};
const COFFEE_CHARGES: Charge[] = [
  { name: 'Service 5%', type: 'percentage', value: 5 * PERCENT_SCALE, currency: null, applies_to: 'all' },
  { name: 'Karaoke room service', type: 'fixed', value: 200, currency: 'USD', applies_to: 'karaoke' },
];
const KARAOKE_CHARGES: Charge[] = [
  { name: 'Room service 10%', type: 'percentage', value: 10 * PERCENT_SCALE, currency: null, applies_to: 'karaoke' },
];

type Adjustment = { name: string; direction: 'addition' | 'subtraction'; description: string | null };
const COFFEE_ADJUSTMENTS: Adjustment[] = [
  { name: 'Damaged', direction: 'subtraction', description: 'Broken, spilled or spoiled stock' },
  { name: 'Expired', direction: 'subtraction', description: 'Past its expiry date' },
  { name: 'Found in count', direction: 'addition', description: 'More on the shelf than on record' },
  { name: 'Gift received', direction: 'addition', description: 'Free stock from a supplier' },
];
const KARAOKE_ADJUSTMENTS = COFFEE_ADJUSTMENTS.filter((a) => a.name === 'Damaged' || a.name === 'Found in count');

async function seedCharges(trx: Kysely<Database>, deps: Deps, businessId: string, charges: Charge[], at: string) {
  for (const c of charges)
    await trx
      .insertInto('service_charges')
      .values({ business_id: businessId, id: newId(), ...c, status: 1, created_at: at, updated_at: at })
      .execute();
  await bumpCounter(trx, deps.kind, businessId, SERVICE_CHARGE_COUNTER, charges.length);
}

async function seedAdjustments(trx: Kysely<Database>, deps: Deps, businessId: string, types: Adjustment[], at: string) {
  for (const a of types)
    await trx
      .insertInto('adjustment_types')
      .values({ business_id: businessId, id: newId(), ...a, status: 1, created_at: at, updated_at: at })
      .execute();
  await bumpCounter(trx, deps.kind, businessId, ADJUSTMENT_TYPE_COUNTER, types.length);
}

/** Variations with their values, service charges and adjustment types of the two demo shops; counters kept in step. */
export async function seedSettingLists(trx: Kysely<Database>, deps: Deps, coffeeId: string, karaokeId: string, at: string): Promise<void> {
  // Ids a millisecond apart keep the values in creation order wherever the id breaks a tie.
  let tick = Date.parse(at);
  let values = 0;
  for (const v of DEMO_VARIATIONS) {
    const variationId = newId(tick++);
    await trx
      .insertInto('variations')
      .values({
        business_id: coffeeId,
        id: variationId,
        name: v.name,
        description: v.description,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [i, name] of v.values.entries()) {
      await trx
        .insertInto('variation_values')
        .values({
          business_id: coffeeId,
          id: newId(tick++),
          variation_id: variationId,
          name,
          sort_order: i + 1,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
      values++;
    }
  }
  await bumpCounter(trx, deps.kind, coffeeId, VARIATION_COUNTER, DEMO_VARIATIONS.length);
  await bumpCounter(trx, deps.kind, coffeeId, VARIATION_VALUE_COUNTER, values);

  await seedCharges(trx, deps, coffeeId, COFFEE_CHARGES, at);
  await seedAdjustments(trx, deps, coffeeId, COFFEE_ADJUSTMENTS, at);
  await seedCharges(trx, deps, karaokeId, KARAOKE_CHARGES, at);
  await seedAdjustments(trx, deps, karaokeId, KARAOKE_ADJUSTMENTS, at);
}
