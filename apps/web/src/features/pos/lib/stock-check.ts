import type { PosProduct } from '@posauto/shared/schemas/pos';
import { FACTOR_SCALE, parseDecimal } from '@posauto/shared/money/index';
import type { Cart } from './cart';

/**
 * The cart's lines whose item the branch does not hold enough of, by the catalogue's on hand (a snapshot: the sale
 * checks stock itself). Lines of one item in several units count together, in the product's own unit; products that
 * do not manage stock (on hand null) are never short.
 */
export function shortLines(cart: Cart, products: ReadonlyMap<string, PosProduct>): Set<string> {
  // Thousandths of the own unit times millionths of the factor: compared as bigint, never rounded.
  const wanted = new Map<string, bigint>();
  const item = (l: Cart['lines'][number]) => `${l.productId}/${l.variantId ?? ''}`;
  for (const l of cart.lines) wanted.set(item(l), (wanted.get(item(l)) ?? 0n) + BigInt(l.quantity) * BigInt(l.factor));
  const short = new Set<string>();
  for (const l of cart.lines) {
    const p = products.get(l.productId);
    const onHand = l.variantId ? p?.variants.find((v) => v.id === l.variantId)?.on_hand : p?.on_hand;
    if (onHand == null) continue;
    let held: bigint;
    try {
      held = BigInt(parseDecimal(onHand, 3)) * BigInt(FACTOR_SCALE);
    } catch {
      held = 0n;
    }
    if (wanted.get(item(l))! > held) short.add(l.key);
  }
  return short;
}
