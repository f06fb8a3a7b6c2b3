import type { PosCategory, PosProduct, PosVariant } from '@posauto/shared/schemas/pos';

/**
 * The till's catalogue in memory, indexed once per catalogue version: a scan resolves from a Map (no network, no
 * scan over the products), and a search compares pre-lower-cased text. Both must stay fast at 100,000 products.
 */

export interface CodeHit {
  product: PosProduct;
  /** The variant the code belongs to; null for the product's own code. */
  variant: PosVariant | null;
}

/** Text as compared: Unicode NFC, lower case, zero-width characters (Khmer word breaks) removed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[\u200b-\u200d\ufeff]/g, '');
}

/** The words of a query: split on any white space; empty words dropped. */
export function queryWords(query: string): string[] {
  return normalizeText(query)
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/** A product matches when every word typed is found somewhere in its text, in any order, as a fragment. */
export function matchesWords(haystack: string, words: readonly string[]): boolean {
  for (const w of words) if (!haystack.includes(w)) return false;
  return true;
}

/** What a search looks through: name, SKU, codes and every variant's name, SKU and barcodes. */
export function haystackOf(p: PosProduct): string {
  const parts = [p.name, p.sku, ...p.codes];
  for (const v of p.variants) parts.push(v.name, v.sku, ...v.barcodes);
  // A separator no word can contain, so a word never matches across two fields.
  return normalizeText(parts.join('\u0001'));
}

const codeKey = (code: string) => code.trim().toLowerCase();

export class CatalogueIndex {
  readonly products: readonly PosProduct[];
  private readonly haystacks: string[];
  private readonly codes = new Map<string, CodeHit>();
  /** Category id -> itself and every category below it. */
  private readonly descendants = new Map<string, Set<string>>();
  /**
   * The top-level categories with something to sell in them or below them, in catalogue order: the till's tabs. An
   * empty category is not a tab (it would open an empty grid), and a shop with thousands of categories, most of them
   * empty at this branch, does not draw thousands of tabs.
   */
  readonly tabs: readonly PosCategory[];
  private last: { words: string[]; category: string | null; result: number[] } | null = null;

  constructor(products: readonly PosProduct[], categories: readonly PosCategory[] = []) {
    this.products = products;
    this.haystacks = products.map(haystackOf);
    for (const product of products) {
      // Variants first: their own codes win over a product code that happens to be the same.
      for (const variant of product.variants) {
        for (const code of [variant.sku, ...variant.barcodes]) this.addCode(code, { product, variant });
      }
      for (const code of product.codes) this.addCode(code, { product, variant: null });
    }
    const children = new Map<string, string[]>();
    for (const c of categories) {
      if (c.parent_id) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
    }
    for (const c of categories) {
      const all = new Set<string>();
      const stack = [c.id];
      while (stack.length) {
        const id = stack.pop()!;
        if (all.has(id)) continue;
        all.add(id);
        stack.push(...(children.get(id) ?? []));
      }
      this.descendants.set(c.id, all);
    }
    const used = new Set<string>();
    for (const p of products) if (p.category_id !== null) used.add(p.category_id);
    this.tabs = categories.filter((c) => {
      if (c.parent_id) return false;
      for (const id of this.descendants.get(c.id)!) if (used.has(id)) return true;
      return false;
    });
  }

  private addCode(code: string, hit: CodeHit): void {
    const key = codeKey(code);
    if (key && !this.codes.has(key)) this.codes.set(key, hit);
  }

  /** The product (or variant) a scanned or typed code names, or null. */
  lookup(code: string): CodeHit | null {
    return this.codes.get(codeKey(code)) ?? null;
  }

  /**
   * Positions (in `products`) of the products matching the query in the category (null: all), in catalogue order.
   * Typing on narrows the previous result instead of starting again: a query extending the last one can only match
   * a subset of what the last one matched.
   */
  search(query: string, category: string | null = null): number[] {
    const words = queryWords(query);
    const inCategory = category ? this.descendants.get(category) : null;
    const last = this.last;
    let candidates: Iterable<number> | null = null;
    if (last && last.category === category && extends_(words, last.words)) candidates = last.result;
    const result: number[] = [];
    const check = (i: number) => {
      const p = this.products[i]!;
      if (category && !(inCategory ? p.category_id !== null && inCategory.has(p.category_id) : p.category_id === category)) return;
      if (matchesWords(this.haystacks[i]!, words)) result.push(i);
    };
    if (candidates) for (const i of candidates) check(i);
    else for (let i = 0; i < this.products.length; i++) check(i);
    this.last = { words, category, result };
    return result;
  }
}

/** True when every word of `before` is a prefix-or-equal of the word at the same place in `now` (typing on). */
function extends_(now: readonly string[], before: readonly string[]): boolean {
  if (before.length === 0 || now.length < before.length) return false;
  for (let i = 0; i < before.length; i++) {
    const a = before[i]!;
    const b = now[i]!;
    if (i === before.length - 1 ? !b.startsWith(a) : a !== b) return false;
  }
  return true;
}
