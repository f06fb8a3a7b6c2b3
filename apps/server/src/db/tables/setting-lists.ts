/** Table types of the setting-lists module (see db/types.ts for the conventions). */
interface SettingListRow {
  business_id: string;
  id: string;
  name: string;
  status: number;
  created_at: string;
  updated_at: string;
}

/** A kind of choice on a product, e.g. Size or Sugar. */
export interface VariationsTable extends SettingListRow {
  description: string | null;
}

/** One choice of a variation, e.g. Small of Size; (business_id, variation_id) references variations. */
export interface VariationValuesTable extends SettingListRow {
  variation_id: string;
  sort_order: number;
}

/**
 * type 'percentage' | 'fixed'; value: hundredths of a percent (PERCENT_SCALE) or minor units of `currency`
 * (null for a percentage); applies_to 'dine_in' | 'karaoke' | 'all'.
 */
export interface ServiceChargesTable extends SettingListRow {
  type: string;
  value: number;
  currency: string | null;
  applies_to: string;
}

/** A named reason for a stock adjustment; direction 'addition' | 'subtraction'. */
export interface AdjustmentTypesTable extends SettingListRow {
  direction: string;
  description: string | null;
}

export interface SettingListTables {
  variations: VariationsTable;
  variation_values: VariationValuesTable;
  service_charges: ServiceChargesTable;
  adjustment_types: AdjustmentTypesTable;
}
