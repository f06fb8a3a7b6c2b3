import type { ReceiptProfile, SaleScreenOptions } from '@posauto/shared/schemas/receipts';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { whereBranch } from '../../http/context';
import { notFound } from '../../http/errors';
import { staffWithSales } from '../sales/index';
import { MEDIA_KEY, mediaUrl } from '../media/index';
import { shopTimeZone } from '../settings/index';

/**
 * What a receipt prints besides the sale. Everyone who may print a sale reads it (cashiers hold sale-pos, not
 * general-setting), so it answers only what is printed on paper anyway: no rate, no stock or sale rules.
 */
export function receiptsService(deps: Deps) {
  const { db } = deps;
  return {
    async profile(ctx: RequestContext): Promise<ReceiptProfile> {
      // The receipt's own fields with the shop; the time zone through the settings reader, as every answer reads it.
      const [shop, timeZone] = await Promise.all([
        db
          .selectFrom('businesses as b')
          .leftJoin('general_settings as g', 'g.business_id', 'b.id')
          .leftJoin('sale_settings as s', 's.business_id', 'b.id')
          .select([
            'b.shop_name',
            'b.address',
            'b.phone',
            'b.logo',
            'g.vatin_number',
            'g.receipt_footer',
            's.receipt_show_logo',
            's.receipt_show_address',
            's.receipt_show_vatin',
            's.receipt_paper_width',
            's.receipt_auto_print',
          ])
          .where('b.id', '=', ctx.businessId)
          .executeTakeFirst(),
        shopTimeZone(db, ctx.businessId),
      ]);
      if (!shop) throw notFound();
      // A branch user prints only its own branch's sales; inactive branches stay, for their old sales.
      const branches = await whereBranch(
        db.selectFrom('branches').select(['id', 'name', 'address', 'phone']).where('business_id', '=', ctx.businessId),
        'id',
        ctx,
      )
        .orderBy('name')
        .orderBy('id')
        .execute();
      return {
        shop_name: shop.shop_name,
        address: shop.address,
        phone: shop.phone,
        vatin: shop.vatin_number || null,
        // The logo lives in the media store (sign-up and the general settings screen put it there).
        logo_url: shop.logo && MEDIA_KEY.test(shop.logo) ? mediaUrl(deps, shop.logo) : null,
        footer: shop.receipt_footer || null,
        // A shop without a sale settings row yet prints with the defaults of a new shop.
        show_logo: shop.receipt_show_logo === null ? true : Boolean(shop.receipt_show_logo),
        show_address: shop.receipt_show_address === null ? true : Boolean(shop.receipt_show_address),
        show_vatin: shop.receipt_show_vatin === null ? true : Boolean(shop.receipt_show_vatin),
        paper_width: shop.receipt_paper_width === 58 ? 58 : 80,
        auto_print: Boolean(shop.receipt_auto_print),
        time_zone: timeZone,
        branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, phone: b.phone })),
      };
    },

    /** The sale screens' filter and form choices, within the caller's branch scope. */
    async screenOptions(ctx: RequestContext): Promise<SaleScreenOptions> {
      const branches = whereBranch(
        db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId),
        'id',
        ctx,
      ).orderBy('name');
      // Staff who recorded a sale in the caller's scope: a cashier filter that offers only people with sales.
      const cashiers = staffWithSales(db, ctx);
      const methods = db
        .selectFrom('payment_methods')
        .select(['id', 'name', 'type'])
        .where('business_id', '=', ctx.businessId)
        .where('status', '=', 1)
        .orderBy('name');
      const [b, c, m] = await Promise.all([branches.execute(), cashiers.execute(), methods.execute()]);
      return { branches: b, cashiers: c, payment_methods: m };
    },
  };
}
