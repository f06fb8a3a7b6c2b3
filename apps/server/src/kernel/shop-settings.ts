import { exchangeRate, type ExchangeRate } from '@posauto/shared/money/index';
import type { Kysely } from 'kysely';
import { kindOf, precompiled } from '../db/precompiled';
import type { Database } from '../db/types';
import type { Clock } from '../lib/clock';
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../lib/time-zone';

/**
 * What the rest of the server needs of a shop's settings, read in one place. Services used to read the settings table
 * themselves, each with its own fallback for a missing time zone or rate; they now ask this reader, so a shop's "today",
 * its currency and its rate mean the same thing on the till, in the reports and in the books.
 */
export interface ShopSettings {
  /** The books' currency as stored (a sale checks it is one the money module knows). */
  currency: string;
  /** Riel per dollar, the money module's fixed scale. */
  rate: ExchangeRate;
  /** False when the shop has no rate of its own (`rate` is then the default): a payment or an expense in the other
   * currency is refused rather than converted at a rate nobody set. */
  rateSet: boolean;
  /** An IANA zone the runtime knows; Phnom Penh when the stored one is missing or unknown. */
  timeZone: string;
  /** VAT in hundredths of a percent, and whether prices already include it. */
  vatRate: number;
  vatInclusive: boolean;
  /** Stock: may a sale take on hand below zero, and the alert level of a product without its own. */
  outOfStockSale: boolean;
  defaultStockAlert: number | null;
  /** What a seller may change on a sale line or a document. */
  editDate: boolean;
  editCost: boolean;
  inlineDiscount: boolean;
  defaultBranchId: string | null;
  /** The sale settings' part: document prefixes and the customer a new sale starts with. */
  invoicePrefix: string;
  quotationPrefix: string;
  defaultCustomerId: string | null;
}

/** A new shop's rate: 4,100 riel to the dollar, at the money module's scale. */
export const DEFAULT_RATE = 41_000_000;

// Run by every sale: compiled once and prepared on PostgreSQL (db/precompiled.ts).
const read = precompiled(
  ['business'],
  (db, v) =>
    db
      .selectFrom('general_settings as g')
      .leftJoin('sale_settings as s', 's.business_id', 'g.business_id')
      .select([
        'g.currency',
        'g.exchange_rate',
        'g.sale_tax',
        'g.is_exclude_tax',
        'g.time_zone',
        'g.edit_date',
        'g.edit_cost',
        'g.inline_discount',
        'g.out_of_stock_sale',
        'g.default_stock_alert',
        'g.default_branch_id',
        's.invoice_prefix',
        's.quotation_prefix',
        's.default_customer_id',
      ])
      .where('g.business_id', '=', v.business),
  { prepared: true },
);

/**
 * A shop's settings (general and sale settings in one statement). A shop always has its row (registration writes it);
 * a missing one reads as the defaults a new shop starts with rather than failing a report.
 */
export async function shopSettings(db: Kysely<Database>, businessId: string): Promise<ShopSettings> {
  const [g] = (await read(db, kindOf(db), { business: businessId })).rows;
  return {
    currency: g?.currency ?? 'USD',
    rate: exchangeRate(Number(g?.exchange_rate ?? 0) || DEFAULT_RATE),
    rateSet: Number(g?.exchange_rate ?? 0) > 0,
    timeZone: isTimeZone(g?.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE,
    vatRate: Number(g?.sale_tax ?? 0),
    vatInclusive: !g?.is_exclude_tax,
    outOfStockSale: Boolean(g?.out_of_stock_sale),
    defaultStockAlert: g?.default_stock_alert ?? null,
    editDate: Boolean(g?.edit_date),
    editCost: Boolean(g?.edit_cost),
    inlineDiscount: Boolean(g?.inline_discount),
    defaultBranchId: g?.default_branch_id ?? null,
    invoicePrefix: g?.invoice_prefix ?? 'INV-',
    quotationPrefix: g?.quotation_prefix ?? 'QUO-',
    defaultCustomerId: g?.default_customer_id ?? null,
  };
}

/** The shop's time zone alone (a list filtered by shop-local days). */
export async function shopTimeZone(db: Kysely<Database>, businessId: string): Promise<string> {
  return (await shopSettings(db, businessId)).timeZone;
}

/** Today's date in the shop, 'YYYY-MM-DD', by its own clock on the wall. */
export const shopToday = (settings: Pick<ShopSettings, 'timeZone'>, clock: Clock): string => localDay(clock.now(), settings.timeZone);
