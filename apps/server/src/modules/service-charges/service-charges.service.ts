import {
  DecimalFormatError,
  PERCENT_DIGITS,
  formatDecimal,
  isValidPercent,
  isCurrencyCode,
  minorDigits,
  parseDecimal,
  parsePercent,
  type CurrencyCode,
} from '@posauto/shared/money/index';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { ServiceCharge, ServiceChargeAppliesTo, ServiceChargeInput, ServiceChargeType } from '@posauto/shared/schemas/setting-lists';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { shopCurrency } from '../settings/index';
import type { RequestContext } from '../../http/context';
import type { CrudService } from '../../http/crud';
import { crudTableService } from '../../http/crud-table';
import { unprocessable } from '../../http/errors';

export const SERVICE_CHARGE_COUNTER = 'service_charges';

/** What is stored: the value as an integer at its scale, and the currency of a fixed amount. */
interface StoredCharge {
  name: string;
  status?: boolean | undefined;
  type: ServiceChargeType;
  value: number;
  currency: CurrencyCode | null;
  applies_to: ServiceChargeAppliesTo;
}

const selectCharges = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('service_charges as t')
    .select(['t.id', 't.name', 't.type', 't.value', 't.currency', 't.applies_to', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

type Row = {
  id: string;
  name: string;
  type: string;
  value: number;
  currency: string | null;
  applies_to: string;
  status: number;
  created_at: string;
  updated_at: string;
};

/** 500 -> "5", 1250 -> "12.5" for a percentage; 200 USD -> "2.00", 8000 KHR -> "8000" for a fixed amount. */
export function formatChargeValue(type: ServiceChargeType, value: number, currency: string | null): string {
  if (type === 'percentage') return formatDecimal(value, PERCENT_DIGITS).replace(/\.?0+$/, '') || '0';
  return formatDecimal(value, isCurrencyCode(currency) ? minorDigits(currency) : 2);
}

const toApi = (r: Row): ServiceCharge => ({
  ...r,
  type: r.type as ServiceChargeType,
  applies_to: r.applies_to as ServiceChargeAppliesTo,
  value: formatChargeValue(r.type as ServiceChargeType, Number(r.value), r.currency),
  status: Boolean(r.status),
});

/**
 * Service charges: a percentage of the bill at PERCENT_SCALE (0 to 100, checked by the shared schema too), or a
 * fixed amount in minor units of the shop currency at the time it is saved (kept with the row, so a later change
 * of the shop currency cannot change what a saved charge means).
 */
export function serviceChargesService(deps: Deps): Required<CrudService<ServiceCharge, ServiceChargeInput, ListQuery>> {
  const base = crudTableService(deps, {
    table: 'service_charges',
    entity: 'service_charge',
    counter: SERVICE_CHARGE_COUNTER,
    nameTaken: 'errors.service_charge_name_taken',
    select: selectCharges,
    toApi,
    columns: (c: StoredCharge) => ({ type: c.type, value: c.value, currency: c.currency, applies_to: c.applies_to }),
  });

  async function stored(ctx: RequestContext, input: ServiceChargeInput): Promise<StoredCharge> {
    const { name, status, type, applies_to } = input;
    if (type === 'percentage') {
      const value = parsePercent(input.value);
      if (!isValidPercent(value)) throw unprocessable('validation.discount_range', 'value');
      return { name, status, type, value, currency: null, applies_to };
    }
    const currency = await shopCurrency(deps.db, ctx.businessId);
    try {
      return { name, status, type, value: parseDecimal(input.value, minorDigits(currency)), currency, applies_to };
    } catch (e) {
      if (e instanceof DecimalFormatError) throw unprocessable('errors.service_charge_amount_decimals', 'value');
      throw e;
    }
  }

  return {
    list: (ctx, query) => base.list(ctx, query),
    get: (ctx, id) => base.get(ctx, id),
    create: async (ctx, input) => base.create(ctx, await stored(ctx, input)),
    update: async (ctx, id, input) => base.update(ctx, id, await stored(ctx, input)),
    setStatus: (ctx, id, status) => base.setStatus(ctx, id, status),
    remove: (ctx, id) => base.remove(ctx, id),
  };
}
