import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { productRuleProblems, type ProductInput } from '@posauto/shared/schemas/products';
import type { DialectKind } from '../../db/dialect/index';
import { bumpCounter } from '../../db/list';
import type { Database } from '../../db/types';
import { shopCurrency } from '../settings/index';
import type { RequestContext } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { planCombo, writeCombo, type ComboPlan } from './combos';
import { FieldErrors } from './field-errors';
import { parseAmount, parseQty } from './money-fields';
import { checkBarcode, checkCodesFree, codeKey, nextProductSku, reserveProductSkus, writeCodes, type CodeClaim } from './product-codes';
import { checkBranches, checkImage, checkRefs } from './product-refs';
import * as repo from './products.repo';
import { planVariants, writeVariants, type VariantPlan } from './variants';

export const PRODUCT_COUNTER = 'products';

export interface WriteDeps {
  kind: DialectKind;
  clock: Clock;
}

type Ctx = Pick<RequestContext, 'businessId' | 'userId' | 'ip'>;

const audit = (clock: Clock) => auditFor(clock, 'product');

/** Where a variant's code problem shows: on its own row when variants were given, else on the variants list. */
const variantField = (v: VariantPlan, f: 'sku_code' | 'barcode') => (v.field === 'variants' ? 'variants' : `${v.field}.${f}`);

/** SKUs for variants left without one: <product SKU>-1, -2... skipping codes held elsewhere or claimed in this save. */
async function fillVariantSkus(trx: Kysely<Database>, businessId: string, productId: string, productSku: string, plans: VariantPlan[]) {
  const missing = plans.filter((p) => !p.sku);
  if (missing.length === 0) return;
  const claimed = new Set([productSku, ...plans.map((p) => p.sku).filter((s): s is string => Boolean(s))].map((s) => codeKey('sku', s)));
  const candidates = Array.from({ length: missing.length * 2 + 20 }, (_, i) => `${productSku}-${i + 1}`);
  const held = new Set(
    (
      await repo.codeOwners(
        trx,
        businessId,
        'sku',
        candidates.map((c) => codeKey('sku', c)),
      )
    )
      .filter((o) => o.product_id !== productId)
      .map((o) => o.code),
  );
  let n = 0;
  for (const p of missing) {
    for (;;) {
      n += 1;
      const candidate = `${productSku}-${n}`;
      const k = codeKey('sku', candidate);
      if (claimed.has(k) || held.has(k)) continue;
      if (n > candidates.length && (await repo.codeOwners(trx, businessId, 'sku', [k])).some((o) => o.product_id !== productId)) continue;
      claimed.add(k);
      p.sku = candidate;
      break;
    }
  }
}

/**
 * Creates (id null) or replaces a product with everything it owns, inside the caller's transaction. Every rule is
 * checked before anything is written; all problems of the request are answered together as 422.
 * Answers the product id and the image key it no longer uses (to delete once the transaction has committed).
 */
export async function saveProduct(
  trx: Kysely<Database>,
  deps: WriteDeps,
  ctx: Ctx,
  id: string | null,
  input: ProductInput,
): Promise<{ id: string; oldImage: string | null }> {
  const biz = ctx.businessId;
  const existing = id ? await repo.findProductRow(trx, biz, id) : null;
  if (id && !existing) throw notFound();
  const errors = new FieldErrors();
  if (existing && existing.type !== input.type) errors.add('type', 'errors.product_type_fixed');
  for (const p of productRuleProblems(input)) errors.add(p.path.join('.'), p.key);

  // A new product's prices are in the shop's currency.
  const currency = (existing?.currency as CurrencyCode | undefined) ?? (await shopCurrency(trx, biz));
  const purchase_cost = parseAmount(errors, 'purchase_cost', input.purchase_cost, currency);
  const sale_cost = parseAmount(errors, 'sale_cost', input.sale_cost, currency);
  const discount_cost = parseAmount(errors, 'discount_cost', input.discount_cost, currency);
  if (!errors.has('discount_cost') && !errors.has('sale_cost') && discount_cost > sale_cost)
    errors.add('discount_cost', 'validation.discount_above_price');
  const stock_alert = parseQty(errors, 'stock_alert', input.stock_alert, false);

  const refs = await checkRefs(
    trx,
    biz,
    {
      category_id: input.category_id ?? null,
      brand_id: input.brand_id ?? null,
      unit_id: input.unit_id ?? null,
      purchase_unit_id: input.purchase_unit_id ?? null,
      sale_unit_id: input.sale_unit_id ?? null,
    },
    existing ?? null,
    errors,
  );
  const branchIds = await checkBranches(trx, biz, input.branch_ids, errors);
  const image = await checkImage(trx, biz, input.image, existing?.image ?? null, errors, deps.clock.now().toISOString());
  const code = checkBarcode(errors, 'barcode', input.barcode, input.barcode_type);

  let variants: VariantPlan[] = [];
  let combo: ComboPlan[] = [];
  const has = (a: unknown[] | undefined) => (a?.length ?? 0) > 0;
  if (input.type === 'variation') variants = await planVariants(trx, biz, id, input, { currency, purchase_cost, sale_cost }, errors);
  else if (has(input.variations) || has(input.variants)) errors.add('variations', 'validation.not_for_type');
  if (input.type === 'combo') combo = await planCombo(trx, biz, id, input, errors);
  else if (has(input.combo_items)) errors.add('combo_items', 'validation.not_for_type');
  errors.throwIfAny();

  const productId = id ?? newId();
  const sku = input.sku_code?.trim() || existing?.sku_code || (await nextProductSku(trx, deps.kind, biz));
  await fillVariantSkus(trx, biz, productId, sku, variants);
  const claims: CodeClaim[] = [
    { field: 'sku_code', kind: 'sku', value: sku, variantId: '' },
    ...(code.barcode ? [{ field: 'barcode', kind: 'barcode' as const, value: code.barcode, variantId: '' }] : []),
    ...variants.flatMap((v) => [
      { field: variantField(v, 'sku_code'), kind: 'sku' as const, value: v.sku!, variantId: v.id },
      ...(v.barcode ? [{ field: variantField(v, 'barcode'), kind: 'barcode' as const, value: v.barcode, variantId: v.id }] : []),
    ]),
  ];
  await checkCodesFree(trx, biz, id, claims, errors);
  errors.throwIfAny();

  const at = deps.clock.now().toISOString();
  const row = {
    type: input.type,
    product_name: input.product_name,
    sku_code: sku,
    ...code,
    image,
    description: input.description?.trim() || null,
    ...refs,
    purchase_cost,
    sale_cost,
    discount_cost,
    stock_alert,
    is_stock_manage: input.is_stock_manage === false ? 0 : 1,
    has_expiry: input.has_expiry ? 1 : 0,
    is_variation_cost: input.type === 'variation' && input.is_variation_cost ? 1 : 0,
    all_branches: branchIds === null ? 1 : 0,
    updated_at: at,
  };
  if (existing) {
    await trx
      .updateTable('products')
      .set({ ...row, ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }) })
      .where('business_id', '=', biz)
      .where('id', '=', productId)
      .execute();
  } else {
    await trx
      .insertInto('products')
      .values({ business_id: biz, id: productId, ...row, currency, status: input.status === false ? 0 : 1, created_at: at })
      .execute();
    await bumpCounter(trx, deps.kind, biz, PRODUCT_COUNTER, 1);
  }
  if (input.type === 'variation') await writeVariants(trx, biz, productId, variants, at, errors);
  await writeCombo(trx, biz, productId, combo);
  await trx.deleteFrom('product_branches').where('business_id', '=', biz).where('product_id', '=', productId).execute();
  if (branchIds?.length)
    await trx
      .insertInto('product_branches')
      .values(branchIds.map((b) => ({ business_id: biz, product_id: productId, branch_id: b })))
      .execute();
  await writeCodes(trx, biz, productId, claims);
  await audit(deps.clock)(trx, ctx, existing ? 'update' : 'create', productId, {
    product_name: input.product_name,
    sku_code: sku,
    type: input.type,
  });
  const oldImage = existing?.image && existing.image !== image ? existing.image : null;
  return { id: productId, oldImage };
}

export async function setProductStatus(trx: Kysely<Database>, deps: WriteDeps, ctx: Ctx, id: string, status: boolean): Promise<void> {
  const r = await trx
    .updateTable('products')
    .set({ status: status ? 1 : 0, updated_at: deps.clock.now().toISOString() })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound();
  await audit(deps.clock)(trx, ctx, 'status', id, { status });
}

/** Deletes a product with its variants, codes and branches; refused while a combo contains it. Answers its image key. */
export async function removeProduct(trx: Kysely<Database>, deps: WriteDeps, ctx: Ctx, id: string): Promise<string | null> {
  const existing = await repo.findProductRow(trx, ctx.businessId, id);
  if (!existing) throw notFound();
  if (await repo.usedInCombo(trx, ctx.businessId, id)) throw conflict('errors.product_in_combo');
  // The stock ledger keeps its history: a product that has ever moved stock is deactivated, not deleted.
  const moved = await trx
    .selectFrom('stock_levels')
    .select('product_id')
    .where('business_id', '=', ctx.businessId)
    .where('product_id', '=', id)
    .executeTakeFirst();
  if (moved) throw conflict('stock.errors.product_has_history');
  await trx.deleteFrom('products').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  await bumpCounter(trx, deps.kind, ctx.businessId, PRODUCT_COUNTER, -1);
  await audit(deps.clock)(trx, ctx, 'delete', id, { product_name: existing.product_name, sku_code: existing.sku_code });
  return existing.image;
}

/** A single product as an import row gives it: checked already, money in minor units of `currency`. */
export interface ImportedProduct {
  product_name: string;
  /** null: the next SKU of the shop's series. */
  sku: string | null;
  barcode: string | null;
  barcode_type: 'ean13' | 'code128' | null;
  category_id: string | null;
  brand_id: string | null;
  unit_id: string | null;
  purchase_cost: number;
  sale_cost: number;
  discount_cost: number;
  stock_alert: number | null;
  is_stock_manage: number;
  description: string | null;
  status: number;
}

const INSERT_BATCH = 200;

/**
 * Writes checked single products in bulk inside the caller's transaction (an import): rows, their codes (whose
 * key refuses a code taken meanwhile), the counter and one audit line. Answers how many were written.
 */
export async function insertSingleProducts(
  trx: Kysely<Database>,
  deps: WriteDeps,
  ctx: Ctx,
  currency: CurrencyCode,
  products: readonly ImportedProduct[],
  audit: Record<string, unknown>,
): Promise<number> {
  const biz = ctx.businessId;
  const at = deps.clock.now().toISOString();
  const claimed = new Set(products.flatMap((p) => (p.sku ? [codeKey('sku', p.sku)] : [])));
  const generated = await reserveProductSkus(trx, deps.kind, biz, products.filter((p) => !p.sku).length, claimed);
  const rows = [];
  const codes = [];
  for (const v of products) {
    const id = newId();
    const sku = v.sku ?? generated.shift()!;
    rows.push({
      business_id: biz,
      id,
      type: 'single' as const,
      product_name: v.product_name,
      sku_code: sku,
      barcode: v.barcode,
      barcode_type: v.barcode_type,
      image: null,
      description: v.description,
      category_id: v.category_id,
      brand_id: v.brand_id,
      unit_id: v.unit_id,
      purchase_unit_id: v.unit_id,
      sale_unit_id: v.unit_id,
      currency,
      purchase_cost: v.purchase_cost,
      sale_cost: v.sale_cost,
      discount_cost: v.discount_cost,
      stock_alert: v.stock_alert,
      is_stock_manage: v.is_stock_manage,
      has_expiry: 0,
      is_variation_cost: 0,
      all_branches: 1,
      status: v.status,
      created_at: at,
      updated_at: at,
    });
    codes.push({ business_id: biz, kind: 'sku' as const, code: codeKey('sku', sku), product_id: id, variant_id: '' });
    if (v.barcode) codes.push({ business_id: biz, kind: 'barcode' as const, code: v.barcode, product_id: id, variant_id: '' });
  }
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await trx
      .insertInto('products')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  for (let i = 0; i < codes.length; i += INSERT_BATCH)
    await trx
      .insertInto('product_codes')
      .values(codes.slice(i, i + INSERT_BATCH))
      .execute();
  await bumpCounter(trx, deps.kind, biz, PRODUCT_COUNTER, rows.length);
  await auditFor(deps.clock, 'product')(trx, ctx, 'import', null, { imported: rows.length, ...audit });
  return rows.length;
}
