import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { CatalogueIndex } from '../../../components/selling/lib/catalogue-index';
import { TILE_PAGE } from '../../../components/selling/product-grid';

/**
 * The till's search and category: the words as typed, the tab, how many tiles are shown, and the matching products'
 * positions, worked out on a deferred copy of the words so that typing never waits for the grid. `showMore` keeps its
 * identity: the memoised grid is not redrawn by a scan.
 */
export function useTillSearch(index: CatalogueIndex | null) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [shown, setShown] = useState(TILE_PAGE);
  const deferredQuery = useDeferredValue(query);
  const positions = useMemo(() => (index ? index.search(deferredQuery, category) : []), [index, deferredQuery, category]);
  useEffect(() => setShown(TILE_PAGE), [deferredQuery, category]);
  const showMore = useCallback(() => setShown((n) => n + TILE_PAGE), []);
  const searchRef = useRef<HTMLInputElement>(null);
  return { query, setQuery, category, setCategory, shown, showMore, positions, searchRef };
}
