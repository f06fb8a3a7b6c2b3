import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  productInputSchema,
  type Product,
  type ProductDetail,
  type ProductInput,
  type ProductListQuery,
  type Variant,
} from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { transactional } from '../../db/transaction';
import type { Database } from '../../db/types';
import type { ListResult } from '../../db/list';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { releaseImage } from '../media/index';
import { codeKey, freshBarcode } from './product-codes';
import { listProducts } from './product-list';
import { productDetail, productsByIds, toVariant, variantsWithValues, variationOrder } from './product-view';
import { removeProduct, saveProduct, setProductStatus, type WriteDeps } from './product-write';

export interface ProductsService {
  list(ctx: RequestContext, query: ProductListQuery): Promise<ListResult<Product>>;
  get(ctx: RequestContext, id: string): Promise<ProductDetail>;
  create(ctx: RequestContext, input: ProductInput): Promise<ProductDetail>;
  update(ctx: RequestContext, id: string, input: ProductInput): Promise<ProductDetail>;
  setStatus(ctx: RequestContext, id: string, status: boolean): Promise<ProductDetail>;
  remove(ctx: RequestContext, id: string): Promise<void>;
  newBarcode(ctx: RequestContext): Promise<string>;
  lookup(ctx: RequestContext, code: string): Promise<{ product: Product; variant: Variant | null }>;
}

/**
 * Creates a product inside the caller's transaction (the demo seed uses it): the body of POST /products, checked by
 * the same schema (defaults applied) and the same rules. Answers the new product's id.
 */
export async function createProduct(
  trx: Kysely<Database>,
  deps: WriteDeps,
  ctx: Pick<RequestContext, 'businessId' | 'userId' | 'ip'>,
  input: z.input<typeof productInputSchema>,
): Promise<string> {
  return (await saveProduct(trx, deps, ctx, null, productInputSchema.parse(input))).id;
}

export function productsService(deps: Deps): ProductsService {
  const { db, kind } = deps;
  // A code taken by a concurrent save slips past the check only to hit product_codes' key: same answer as the check.
  const write = transactional(db, kind, () => unprocessable('errors.sku_taken', 'sku_code'));
  const detail = async (ctx: RequestContext, id: string) => {
    const found = await productDetail(db, deps, ctx.businessId, id);
    if (!found) throw notFound();
    return found;
  };

  return {
    list: (ctx, query) => listProducts(db, kind, deps, ctx.businessId, query),
    get: detail,
    async create(ctx, input) {
      const { id } = await write((trx) => saveProduct(trx, deps, ctx, null, input));
      return detail(ctx, id);
    },
    async update(ctx, id, input) {
      const saved = await write((trx) => saveProduct(trx, deps, ctx, id, input));
      await releaseImage(deps, ctx.businessId, saved.oldImage);
      return detail(ctx, id);
    },
    async setStatus(ctx, id, status) {
      await write((trx) => setProductStatus(trx, deps, ctx, id, status));
      return detail(ctx, id);
    },
    async remove(ctx, id) {
      const image = await write((trx) => removeProduct(trx, deps, ctx, id));
      await releaseImage(deps, ctx.businessId, image);
    },
    newBarcode: (ctx) => freshBarcode(db, ctx.businessId),
    async lookup(ctx, code) {
      const text = code.trim();
      const hits = await db
        .selectFrom('product_codes')
        .select(['kind', 'product_id', 'variant_id'])
        .where('business_id', '=', ctx.businessId)
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'barcode'), eb('code', '=', text)]),
            eb.and([eb('kind', '=', 'sku'), eb('code', '=', codeKey('sku', text))]),
          ]),
        )
        .execute();
      // A scanner reads barcodes: a barcode hit wins over a SKU that happens to read the same.
      const hit = hits.find((h) => h.kind === 'barcode') ?? hits[0];
      if (!hit) throw notFound();
      const [product] = await productsByIds(db, deps, ctx.businessId, [hit.product_id]);
      if (!product) throw notFound();
      if (!hit.variant_id) return { product, variant: null };
      const { variants, byVariant } = await variantsWithValues(db, ctx.businessId, hit.product_id);
      const v = variants.find((x) => x.id === hit.variant_id);
      if (!v) throw notFound();
      const values = byVariant.get(v.id) ?? new Map<string, string>();
      return {
        product,
        variant: toVariant(
          v,
          [...values.keys()].sort(variationOrder).map((k) => values.get(k)!),
          product.currency,
        ),
      };
    },
  };
}
