import type { Kysely } from 'kysely';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { Database } from '../../db/types';
import { addDays, startOfLocalDay } from '../../lib/time-zone';
import { shopSettings, shopTimeZone } from '../../kernel/shop-settings';

/**
 * A period of the shop's local days ('YYYY-MM-DD', both ends included) as the instants that bound it, `from` inclusive
 * and `to` exclusive, so that an index on a timestamp column serves it. The shop's time zone is read only when a list
 * asks for a period.
 */
export async function shopPeriod(
  db: Kysely<Database>,
  businessId: string,
  days: { from?: string | undefined; to?: string | undefined },
): Promise<{ from?: string; to?: string }> {
  if (!days.from && !days.to) return {};
  const zone = await shopTimeZone(db, businessId);
  return {
    ...(days.from ? { from: startOfLocalDay(days.from, zone).toISOString() } : {}),
    ...(days.to ? { to: startOfLocalDay(addDays(days.to, 1), zone).toISOString() } : {}),
  };
}

/** The shop's currency as one the money module knows (prices, charges and expenses are kept in it); USD otherwise. */
export async function shopCurrency(db: Kysely<Database>, businessId: string): Promise<CurrencyCode> {
  const { currency } = await shopSettings(db, businessId);
  return isCurrencyCode(currency) ? currency : 'USD';
}
