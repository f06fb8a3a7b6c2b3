/** A category row as stored: `status` 1 is active. */
export interface CategoryNode {
  id: string;
  name: string;
  parent_id: string | null;
  status: number;
}

export interface MenuSection<P> {
  id: string;
  name: string;
  parent_name: string | null;
  products: P[];
}

/**
 * The menu's sections in tree order: each category followed by its sub-categories (siblings in the order given),
 * keeping only active categories whose every ancestor is active too (switching off "Coffee" hides "Hot coffee"),
 * and only those with products to show. A parent without products of its own is skipped but its children stay.
 */
export function menuSections<P>(categories: readonly CategoryNode[], productsOf: ReadonlyMap<string, P[]>): MenuSection<P>[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string | null, CategoryNode[]>();
  for (const c of categories) {
    // A parent that no longer exists makes its child a root rather than losing it.
    const parent = c.parent_id && byId.has(c.parent_id) ? c.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(c);
    children.set(parent, list);
  }
  const out: MenuSection<P>[] = [];
  const seen = new Set<string>();
  // An explicit stack instead of recursion: a deep tree cannot overflow, and `seen` guards against a cycle.
  const stack: Array<{ node: CategoryNode; parentName: string | null }> = (children.get(null) ?? [])
    .map((node) => ({ node, parentName: null }))
    .reverse();
  while (stack.length) {
    const { node, parentName } = stack.pop()!;
    if (seen.has(node.id) || node.status !== 1) continue;
    seen.add(node.id);
    const products = productsOf.get(node.id);
    if (products?.length) out.push({ id: node.id, name: node.name, parent_name: parentName, products });
    const kids = children.get(node.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, parentName: node.name });
  }
  return out;
}
