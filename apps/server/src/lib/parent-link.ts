/**
 * Trees stored as parent links (a category's parent, a unit's base unit): whether pointing `id` at `parentId` keeps
 * the tree a tree. The one copy of the walk that categories and units both need.
 */

/** What is wrong with the proposed link: `self` (its own parent), `missing` (no such parent), `cycle` (leads back). */
export type ParentLinkProblem = 'self' | 'missing' | 'cycle';

/** Deeper than this is refused as a cycle too: it bounds the walk even if the stored links already loop. */
export const MAX_PARENT_DEPTH = 32;

/**
 * Walks up from `parentId` with `parentOf` (the stored parent of a node, null at a root, undefined when the node does
 * not exist); meeting `id` (null for a new node, which nothing can point to yet) means the link would close a loop.
 */
export async function parentLinkProblem(
  id: string | null,
  parentId: string,
  parentOf: (nodeId: string) => Promise<string | null | undefined>,
): Promise<ParentLinkProblem | null> {
  if (parentId === id) return 'self';
  let cursor: string | null = parentId;
  for (let depth = 0; cursor; depth++) {
    const next = await parentOf(cursor);
    if (next === undefined) return 'missing';
    if ((id && next === id) || depth > MAX_PARENT_DEPTH) return 'cycle';
    cursor = next;
  }
  return null;
}
