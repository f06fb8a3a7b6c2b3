import { formatDecimal } from '@posauto/shared/money/index';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';

/** The shop's settings; `setting.branch_id` is the caller's branch, or the shop's default branch. */
export async function getGeneralSetting(deps: Deps, ctx: RequestContext): Promise<GeneralSettingResponse> {
  const row = await deps.db
    .selectFrom('businesses as b')
    .leftJoin('general_settings as g', 'g.business_id', 'b.id')
    .select(['b.shop_name', 'g.currency', 'g.local_currency', 'g.exchange_rate', 'g.sale_tax', 'g.is_exclude_tax', 'g.time_zone', 'g.default_branch_id'])
    .where('b.id', '=', ctx.businessId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    setting: {
      branch_id: ctx.branchId ?? row.default_branch_id ?? null,
      shop_name: row.shop_name,
      currency: row.currency ?? 'USD',
      local_currency: row.local_currency ?? 'KHR',
      exchange_rate: formatDecimal(row.exchange_rate ?? 41_000_000, 4),
      sale_tax: formatDecimal(row.sale_tax ?? 0, 2),
      is_exclude_tax: Boolean(row.is_exclude_tax ?? 0),
      time_zone: row.time_zone ?? 'Asia/Phnom_Penh',
    },
  };
}
