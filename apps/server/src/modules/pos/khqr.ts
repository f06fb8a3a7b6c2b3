import { BakongKHQR, IndividualInfo, khqrData } from 'bakong-khqr';
import { formatDecimal, minorDigits, parseDecimal } from '@posauto/shared/money/index';
import type { KhqrInput, Khqr, KhqrStatus } from '@posauto/shared/schemas/pos';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';

/** How long a dynamic KHQR can be paid: long enough for a customer to open the bank app, short enough not to be paid twice later. */
export const KHQR_TTL_MS = 10 * 60 * 1000;
/** Bakong's Open API: asks whether the payment of a QR (known by its md5) has arrived. Needs a developer token. */
export const BAKONG_CHECK_URL = 'https://api-bakong.nbc.gov.kh/v1/check_transaction_by_md5';
const BAKONG_TIMEOUT_MS = 8000;

/** EMV tag limits (bakong-khqr): merchant name 25, city 15 characters. */
const NAME_MAX = 25;
const CITY_MAX = 15;
const DEFAULT_CITY = 'Phnom Penh';
/** Bakong account ids look like name@bank (at most 32 characters). */
const ACCOUNT_ID = /^[A-Za-z0-9._-]{1,27}@[A-Za-z0-9]{2,10}$/;

/** Printable ASCII only: the QR's merchant name and city are read by every bank app, whose fonts may not shape Khmer. */
function ascii(text: string, max: number): string {
  return text
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The city for the QR: a known Cambodian city named in the branch address, else Phnom Penh. */
const CITIES = ['Phnom Penh', 'Siem Reap', 'Battambang', 'Sihanoukville', 'Kampot', 'Kep', 'Kampong Cham', 'Takeo', 'Poipet', 'Kratie'];
export function khqrCity(address: string | null | undefined): string {
  const a = (address ?? '').toLowerCase();
  return CITIES.find((c) => a.includes(c.toLowerCase())) ?? DEFAULT_CITY;
}

/**
 * A dynamic KHQR (EMVCo, Bakong) for one payment: the shop's Bakong account from an active 'khqr' payment method, the
 * amount and currency, an optional bill number and an expiry. Made with the National Bank's own SDK. The SDK stamps
 * the QR's creation with the machine's real clock and refuses an expiry before it, so the expiry is taken from the
 * same clock (not the app's clock, which tests move).
 */
export async function createKhqr(deps: Deps, ctx: RequestContext, input: KhqrInput): Promise<Khqr> {
  const method = await deps.db
    .selectFrom('payment_methods')
    .select(['type', 'status', 'account_details'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', input.payment_method_id)
    .executeTakeFirst();
  if (!method) throw notFound();
  if (method.type !== 'khqr' || !method.status) throw unprocessable('pos.errors.khqr_method_invalid', 'payment_method_id');
  const accountId = (method.account_details ?? '').trim();
  if (!ACCOUNT_ID.test(accountId)) throw unprocessable('pos.errors.khqr_account_missing', 'payment_method_id');

  // Exact decimal text -> the currency's minor units (riel has none): "12.345" dollars is refused, never rounded.
  const digits = minorDigits(input.currency);
  const m = /^(\d+)(?:\.(\d*))?$/.exec(input.amount.trim());
  const fraction = (m?.[2] ?? '').replace(/0+$/, '');
  if (!m || fraction.length > digits) throw unprocessable('pos.errors.khqr_amount_invalid', 'amount');
  const minor = parseDecimal(fraction ? `${m[1]}.${fraction}` : m[1]!, digits);
  if (minor <= 0 || minor > 10 ** 12) throw unprocessable('pos.errors.khqr_amount_invalid', 'amount');
  const amountText = formatDecimal(minor, digits);

  const [shop, branch] = await Promise.all([
    deps.db.selectFrom('businesses').select(['shop_name']).where('id', '=', ctx.businessId).executeTakeFirstOrThrow(),
    ctx.branchId
      ? deps.db
          .selectFrom('branches')
          .select(['address'])
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', ctx.branchId)
          .executeTakeFirst()
      : undefined,
  ]);
  const merchantName = ascii(shop.shop_name, NAME_MAX) || accountId.split('@')[0]!.slice(0, NAME_MAX);
  const city = ascii(khqrCity(branch?.address), CITY_MAX);
  const expiresAt = Date.now() + KHQR_TTL_MS;
  const info = new IndividualInfo(accountId, merchantName, city, {
    currency: input.currency === 'USD' ? khqrData.currency.usd : khqrData.currency.khr,
    amount: Number(amountText),
    billNumber: input.bill_number || undefined,
    expirationTimestamp: expiresAt,
  });
  const res = new BakongKHQR().generateIndividual(info);
  if (res.status.code !== 0 || !res.data) throw unprocessable('pos.errors.khqr_failed');
  return {
    qr: res.data.qr,
    md5: res.data.md5,
    expires_at: new Date(expiresAt).toISOString(),
    currency: input.currency,
    amount: amountText,
    account_id: accountId,
    merchant_name: merchantName,
  };
}

/**
 * Whether Bakong has seen the payment of a QR (by its md5). Optional: only with BAKONG_API_TOKEN set (a developer token
 * from the National Bank); otherwise, or when Bakong cannot be reached, the cashier confirms by hand.
 */
export async function khqrStatus(deps: Deps, md5: string, fetchImpl: typeof fetch = fetch): Promise<KhqrStatus> {
  const token = deps.config.bakongApiToken;
  if (!token) return { state: 'not_configured', reference: null };
  try {
    const res = await fetchImpl(BAKONG_CHECK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ md5 }),
      signal: AbortSignal.timeout(BAKONG_TIMEOUT_MS),
    });
    if (!res.ok) return { state: 'unavailable', reference: null };
    // Bakong answers responseCode 0 with the transaction when it was paid, 1 ("not found") while it was not.
    const body = (await res.json()) as { responseCode?: number; errorCode?: number | null; data?: { hash?: string } | null };
    if (body.responseCode === 0 && body.data)
      return { state: 'paid', reference: typeof body.data.hash === 'string' ? body.data.hash : null };
    if (body.responseCode === 1) return { state: 'unpaid', reference: null };
    return { state: 'unavailable', reference: null };
  } catch {
    return { state: 'unavailable', reference: null };
  }
}
