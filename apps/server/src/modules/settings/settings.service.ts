import {
  formatDecimal,
  formatQuantity,
  parsePercent,
  parseQuantity,
  parseRate,
  PERCENT_DIGITS,
  RATE_DIGITS,
} from '@posauto/shared/money/index';
import type { GeneralSetting, GeneralSettingInput, GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { auditFor } from '../../kernel/audit';
import { DEFAULT_RATE } from '../../kernel/shop-settings';
import { claimUpload, MEDIA_KEY, mediaUrl, releaseImage } from '../media/index';

function selectSetting(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('general_settings as g', 'g.business_id', 'b.id')
    .select([
      'b.shop_name',
      'b.phone',
      'b.address',
      'b.logo',
      'g.currency',
      'g.local_currency',
      'g.exchange_rate',
      'g.sale_tax',
      'g.is_exclude_tax',
      'g.time_zone',
      'g.default_branch_id',
      'g.default_stock_alert',
      'g.out_of_stock_sale',
      'g.edit_date',
      'g.edit_cost',
      'g.inline_discount',
      'g.receipt_footer',
      'g.vatin_number',
      'g.updated_at',
    ])
    .where('b.id', '=', businessId);
}

/**
 * The settings as the API answers them; `branch_id` is the caller's branch, or the shop's default branch. The form
 * edits what is stored, so it reads the row itself (a rate of 0 shows as 0, not as the default the shop-settings reader
 * falls back on); the defaults below are only for a shop without its row.
 */
async function load(db: Kysely<Database>, ctx: RequestContext, logoUrl: (key: string) => string | null): Promise<GeneralSetting> {
  const row = await selectSetting(db, ctx.businessId).executeTakeFirst();
  if (!row) throw notFound();
  return {
    branch_id: ctx.branchId ?? row.default_branch_id ?? null,
    shop_name: row.shop_name,
    currency: row.currency ?? 'USD',
    local_currency: row.local_currency ?? 'KHR',
    exchange_rate: formatDecimal(Number(row.exchange_rate ?? DEFAULT_RATE), RATE_DIGITS),
    sale_tax: formatDecimal(Number(row.sale_tax ?? 0), PERCENT_DIGITS),
    is_exclude_tax: Boolean(row.is_exclude_tax ?? 0),
    time_zone: row.time_zone ?? DEFAULT_TIME_ZONE,
    phone: row.phone,
    address: row.address,
    logo_url: row.logo ? logoUrl(row.logo) : null,
    default_branch_id: row.default_branch_id ?? null,
    default_stock_alert: formatQuantity(Number(row.default_stock_alert ?? 0)),
    out_of_stock_sale: Boolean(row.out_of_stock_sale ?? 0),
    edit_date: Boolean(row.edit_date ?? 0),
    edit_cost: Boolean(row.edit_cost ?? 0),
    inline_discount: Boolean(row.inline_discount ?? 0),
    receipt_footer: row.receipt_footer ?? null,
    vatin_number: row.vatin_number ?? null,
    updated_at: row.updated_at ?? null,
  };
}

/** Where the browser loads the logo: an image of the media store (sign-up and this screen both store it there). */
const logoUrlFor = (deps: Deps) => (key: string) => (MEDIA_KEY.test(key) ? mediaUrl(deps, key) : null);

export async function getGeneralSetting(deps: Deps, ctx: RequestContext): Promise<GeneralSettingResponse> {
  return { setting: await load(deps.db, ctx, logoUrlFor(deps)) };
}

async function activeBranch(db: Kysely<Database>, businessId: string, id: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst(),
  );
}

/**
 * Saves the shop's general settings and its name and contact details, audited. Only general_settings (and the
 * shop's own row) change: saved documents keep the exchange rate and VAT frozen on them.
 */
export async function updateGeneralSetting(deps: Deps, ctx: RequestContext, input: GeneralSettingInput): Promise<GeneralSetting> {
  const { db, clock } = deps;
  const audit = auditFor(clock, 'general_setting');
  const logoUrl = logoUrlFor(deps);
  return db.transaction().execute(async (trx) => {
    const before = await load(trx, ctx, logoUrl);
    if (
      input.default_branch_id &&
      input.default_branch_id !== before.default_branch_id &&
      !(await activeBranch(trx, ctx.businessId, input.default_branch_id))
    ) {
      throw unprocessable('errors.default_branch_missing', 'default_branch_id');
    }
    const at = clock.now().toISOString();
    await trx
      .updateTable('general_settings')
      .set({
        currency: input.currency,
        local_currency: input.local_currency,
        exchange_rate: parseRate(input.exchange_rate).rate,
        sale_tax: parsePercent(input.sale_tax),
        is_exclude_tax: input.is_exclude_tax ? 1 : 0,
        default_stock_alert: parseQuantity(input.default_stock_alert),
        out_of_stock_sale: input.out_of_stock_sale ? 1 : 0,
        edit_date: input.edit_date ? 1 : 0,
        edit_cost: input.edit_cost ? 1 : 0,
        inline_discount: input.inline_discount ? 1 : 0,
        receipt_footer: input.receipt_footer || null,
        vatin_number: input.vatin_number || null,
        time_zone: input.time_zone,
        ...(input.default_branch_id ? { default_branch_id: input.default_branch_id } : {}),
        updated_at: at,
      })
      .where('business_id', '=', ctx.businessId)
      .execute();

    const shop = { shop_name: input.shop_name, phone: input.phone || null, address: input.address || null };
    if (shop.shop_name !== before.shop_name || shop.phone !== before.phone || shop.address !== before.address) {
      await trx
        .updateTable('businesses')
        .set({ ...shop, updated_at: at })
        .where('id', '=', ctx.businessId)
        .execute();
    }

    const after = await load(trx, ctx, logoUrl);
    const changed = (Object.keys(after) as Array<keyof GeneralSetting>).filter((k) => k !== 'updated_at' && after[k] !== before[k]);
    const detail: Record<string, unknown> = { changed };
    // The rate and the VAT matter most when a figure is questioned later: keep both values.
    for (const k of ['exchange_rate', 'sale_tax'] as const) if (after[k] !== before[k]) detail[k] = { from: before[k], to: after[k] };
    await audit(trx, ctx, 'update', ctx.businessId, detail);
    return after;
  });
}

/**
 * Sets (an image key the media upload answered for a logo, of this shop, not used by any other record) or removes
 * (null) the shop's logo, audited. The image it replaces is deleted once the change is saved, unless something
 * still refers to it.
 */
export async function setLogo(
  deps: Deps,
  ctx: RequestContext,
  key: string | null,
  log?: { warn: (o: object, m: string) => void },
): Promise<GeneralSetting> {
  const audit = auditFor(deps.clock, 'general_setting');
  const at = deps.clock.now().toISOString();
  const { previous, setting } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('businesses').select('logo').where('id', '=', ctx.businessId).executeTakeFirst();
    if (!row) throw notFound();
    if (key !== null && key !== row.logo && !(await claimUpload(trx, ctx.businessId, key, 'logo', at)))
      throw unprocessable('errors.logo_key_invalid', 'key');
    await trx.updateTable('businesses').set({ logo: key, updated_at: at }).where('id', '=', ctx.businessId).execute();
    await audit(trx, ctx, key ? 'logo' : 'logo_removed', ctx.businessId);
    return { previous: row.logo, setting: await load(trx, ctx, logoUrlFor(deps)) };
  });
  if (previous && previous !== key) await releaseImage(deps, ctx.businessId, previous, log);
  return setting;
}
