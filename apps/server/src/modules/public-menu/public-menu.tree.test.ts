import { describe, expect, it } from 'vitest';
import { menuSections, type CategoryNode } from './public-menu.tree';

const cat = (id: string, parent_id: string | null = null, status = 1): CategoryNode => ({ id, name: id.toUpperCase(), parent_id, status });
const names = (cats: CategoryNode[], withProducts: string[]) =>
  menuSections(cats, new Map(withProducts.map((id) => [id, [id]]))).map((s) => `${s.parent_name ?? '-'}>${s.name}`);

describe('menu sections', () => {
  it('puts each parent before its children, depth first, in the order given', () => {
    const cats = [cat('a'), cat('a1', 'a'), cat('a1x', 'a1'), cat('a2', 'a'), cat('b'), cat('b1', 'b')];
    expect(names(cats, ['a', 'a1', 'a1x', 'a2', 'b', 'b1'])).toEqual(['->A', 'A>A1', 'A1>A1X', 'A>A2', '->B', 'B>B1']);
  });

  it('skips a parent with nothing to show but keeps its children', () => {
    expect(names([cat('a'), cat('a1', 'a')], ['a1'])).toEqual(['A>A1']);
  });

  it('hides an inactive category and everything under it', () => {
    expect(names([cat('a', null, 0), cat('a1', 'a'), cat('b')], ['a', 'a1', 'b'])).toEqual(['->B']);
  });

  it('treats a category whose parent is gone as a top-level one, and survives a cycle', () => {
    expect(names([cat('orphan', 'missing')], ['orphan'])).toEqual(['->ORPHAN']);
    expect(names([cat('x', 'y'), cat('y', 'x'), cat('z')], ['x', 'y', 'z'])).toEqual(['->Z']);
  });
});
