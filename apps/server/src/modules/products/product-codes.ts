import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { guessBarcodeKind, inStoreEan13, type BarcodeKind } from '@posauto/shared/barcode';
import { barcodeProblem } from '@posauto/shared/schemas/products';
import type { DialectKind } from '../../db/dialect/index';
import { bumpCounter } from '../../db/list';
import type { Database } from '../../db/types';
import type { FieldErrors } from './field-errors';
import * as repo from './products.repo';

/** SKUs and barcodes of one product and its variants, as they will be written to product_codes. */
export interface CodeClaim {
  field: string;
  kind: 'sku' | 'barcode';
  /** As shown (SKU as typed, barcode as scanned). */
  value: string;
  variantId: string;
}

/** SKUs are unique regardless of case ("p001" and "P001" are one SKU); barcodes are compared as scanned. */
export const codeKey = (kind: 'sku' | 'barcode', value: string) => (kind === 'sku' ? value.toLowerCase() : value);

const SKU_COUNTER = 'product_sku_seq';

/** A barcode and its kind, validated (kind guessed when absent: 13 digits read as EAN-13). Empty: none. */
export function checkBarcode(errors: FieldErrors, field: string, value: string | null | undefined, kind: BarcodeKind | null | undefined) {
  const code = value?.trim() || null;
  if (!code) return { barcode: null, barcode_type: null };
  const type = kind ?? guessBarcodeKind(code);
  const problem = barcodeProblem(code, type); // the product schema's own rule (imports and kept barcodes pass here too)
  if (problem) errors.add(field, problem);
  return { barcode: code, barcode_type: type };
}

/** Takes `count` numbers of the shop's SKU counter; answers the last one taken. */
async function takeSkuNumbers(trx: Kysely<Database>, kind: DialectKind, businessId: string, count: number): Promise<number> {
  await bumpCounter(trx, kind, businessId, SKU_COUNTER, count);
  const row = await trx
    .selectFrom('tenant_counters')
    .select('value')
    .where('business_id', '=', businessId)
    .where('name', '=', SKU_COUNTER)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
const productSku = (n: number) => `P${String(n).padStart(6, '0')}`;

/** The next free product SKU of the shop: P000001, P000002... (a per-shop counter; skips codes taken by hand). */
export async function nextProductSku(trx: Kysely<Database>, kind: DialectKind, businessId: string): Promise<string> {
  for (;;) {
    const sku = productSku(await takeSkuNumbers(trx, kind, businessId, 1));
    if ((await repo.codeOwners(trx, businessId, 'sku', [codeKey('sku', sku)])).length === 0) return sku;
  }
}

/** `count` fresh product SKUs at once (an import): one counter bump, one look-up per batch, skipping `claimed` keys. */
export async function reserveProductSkus(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  count: number,
  claimed: ReadonlySet<string>,
): Promise<string[]> {
  if (count === 0) return [];
  const last = await takeSkuNumbers(trx, kind, businessId, count);
  const candidates = Array.from({ length: count }, (_, i) => productSku(last - count + 1 + i));
  const held = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    for (const o of await repo.codeOwners(
      trx,
      businessId,
      'sku',
      candidates.slice(i, i + 500).map((c) => codeKey('sku', c)),
    ))
      held.add(o.code);
  }
  const out: string[] = [];
  for (const c of candidates) {
    let sku = c;
    while (held.has(codeKey('sku', sku)) || claimed.has(codeKey('sku', sku))) sku = await nextProductSku(trx, kind, businessId);
    out.push(sku);
  }
  return out;
}

/**
 * Refuses codes another product (or another variant of this one, when repeated within the request) holds.
 * `productId` is the product being saved (its own current codes are free for it), null on create.
 */
export async function checkCodesFree(
  trx: Kysely<Database>,
  businessId: string,
  productId: string | null,
  claims: readonly CodeClaim[],
  errors: FieldErrors,
) {
  const seen = new Map<string, CodeClaim>();
  for (const c of claims) {
    const k = `${c.kind}:${codeKey(c.kind, c.value)}`;
    if (seen.has(k)) errors.add(c.field, c.kind === 'sku' ? 'errors.sku_taken' : 'errors.barcode_taken');
    else seen.set(k, c);
  }
  for (const kind of ['sku', 'barcode'] as const) {
    const mine = claims.filter((c) => c.kind === kind);
    const owners = await repo.codeOwners(
      trx,
      businessId,
      kind,
      mine.map((c) => codeKey(kind, c.value)),
    );
    for (const o of owners) {
      if (o.product_id === productId) continue;
      const claim = mine.find((c) => codeKey(kind, c.value) === o.code)!;
      errors.add(claim.field, kind === 'sku' ? 'errors.sku_taken' : 'errors.barcode_taken');
    }
  }
}

/** Replaces every code row of a product with `claims` (codes of removed variants are freed with them). */
export async function writeCodes(trx: Kysely<Database>, businessId: string, productId: string, claims: readonly CodeClaim[]) {
  await trx.deleteFrom('product_codes').where('business_id', '=', businessId).where('product_id', '=', productId).execute();
  if (claims.length === 0) return;
  await trx
    .insertInto('product_codes')
    .values(
      claims.map((c) => ({
        business_id: businessId,
        kind: c.kind,
        code: codeKey(c.kind, c.value),
        product_id: productId,
        variant_id: c.variantId,
      })),
    )
    .execute();
}

/** A fresh in-store EAN-13 (prefix 2) no product or variant of the shop uses. */
export async function freshBarcode(db: Kysely<Database>, businessId: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const body = String(randomInt(0, 1e11)).padStart(11, '0');
    const code = inStoreEan13(body);
    if ((await repo.codeOwners(db, businessId, 'barcode', [code])).length === 0) return code;
  }
  throw new Error('no free in-store barcode after 50 attempts');
}
