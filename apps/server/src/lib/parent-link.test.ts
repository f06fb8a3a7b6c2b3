import { describe, expect, it } from 'vitest';
import { MAX_PARENT_DEPTH, parentLinkProblem } from './parent-link';

/** Parent links as a map: child -> parent (null at a root). */
const lookup = (links: Record<string, string | null>) => async (id: string) => (id in links ? links[id] : undefined);

describe('parent links', () => {
  const tree = lookup({ root: null, drinks: 'root', coffee: 'drinks', latte: 'coffee', food: null });

  it('accepts a parent that does not lead back to the node', async () => {
    expect(await parentLinkProblem('latte', 'food', tree)).toBeNull();
    expect(await parentLinkProblem('food', 'latte', tree)).toBeNull();
    expect(await parentLinkProblem(null, 'latte', tree)).toBeNull();
  });

  it('refuses a node as its own parent', async () => {
    expect(await parentLinkProblem('coffee', 'coffee', tree)).toBe('self');
  });

  it('refuses a parent that does not exist, also higher up the chain', async () => {
    expect(await parentLinkProblem('coffee', 'nowhere', tree)).toBe('missing');
    expect(await parentLinkProblem('food', 'orphan', lookup({ orphan: 'gone' }))).toBe('missing');
  });

  it('refuses a parent below the node, which would close a loop', async () => {
    expect(await parentLinkProblem('drinks', 'latte', tree)).toBe('cycle');
    expect(await parentLinkProblem('root', 'coffee', tree)).toBe('cycle');
  });

  it('stops walking links that already loop, and chains deeper than the limit', async () => {
    expect(await parentLinkProblem('x', 'a', lookup({ a: 'b', b: 'a' }))).toBe('cycle');
    const chain: Record<string, string | null> = { n0: null };
    for (let i = 1; i <= MAX_PARENT_DEPTH + 2; i++) chain[`n${i}`] = `n${i - 1}`;
    expect(await parentLinkProblem('new', `n${MAX_PARENT_DEPTH + 2}`, lookup(chain))).toBe('cycle');
    expect(await parentLinkProblem('new', `n${MAX_PARENT_DEPTH}`, lookup(chain))).toBeNull();
  });
});
