import type { KeyboardEvent, RefObject } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosCategory, PosProduct } from '@posauto/shared/schemas/pos';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import type { CatalogueIndex } from '../../../components/selling/lib/catalogue-index';
import { Kbd } from '../../../components/selling/kbd';
import { CategoryTabs, ProductGrid } from '../../../components/selling/product-grid';
import type { useTillSearch } from './use-till-search';
import classes from './pos.module.css';

const NO_TABS: readonly PosCategory[] = [];

interface CataloguePaneProps {
  search: ReturnType<typeof useTillSearch>;
  index: CatalogueIndex | null;
  products: readonly PosProduct[];
  onPick: (product: PosProduct) => void;
  /** Enter on the words as typed (use-add-items.ts). */
  onSubmit: (text: string) => void;
  currency: CurrencyCode;
  lang: Language;
}

/**
 * The catalogue's side of the till: the search, the category tabs and the product grid. The tabs and the grid are
 * memoised and handed only what keeps its identity across a scan, so a scan redraws the cart alone.
 */
export function CataloguePane({ search, index, products, onPick, onSubmit, currency, lang }: CataloguePaneProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.catalogue}>
      <TillSearch searchRef={search.searchRef} query={search.query} setQuery={search.setQuery} onSubmit={onSubmit} />
      <CategoryTabs tabs={index?.tabs ?? NO_TABS} selected={search.category} onSelect={search.setCategory} />
      <div className={classes.gridScroll} id="pos-grid-panel" role="tabpanel" aria-label={t('pos.products')}>
        <ProductGrid
          products={products}
          positions={search.positions}
          shown={search.shown}
          onShowMore={search.showMore}
          onPick={onPick}
          currency={currency}
          lang={lang}
        />
      </div>
    </div>
  );
}

interface TillSearchProps {
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  setQuery: (query: string) => void;
  /** Enter on the words as typed (use-add-items.ts). */
  onSubmit: (text: string) => void;
}

/** The search field over the grid: Enter adds what the words name, Escape empties it and then leaves it (F2 comes back). */
function TillSearch({ searchRef, query, setQuery, onSubmit }: TillSearchProps) {
  const { t } = useTranslation();
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.defaultPrevented && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSubmit(e.currentTarget.value);
    } else if (e.key === 'Escape') {
      if (query) {
        e.preventDefault();
        setQuery('');
      } else searchRef.current?.blur();
    }
  };
  return (
    <div className={classes.searchRow}>
      <TextInput
        ref={searchRef}
        style={{ flex: 1 }}
        size="md"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onSearchKey}
        placeholder={t('pos.search_placeholder')}
        aria-label={t('pos.search')}
        leftSection={<IconSearch size={18} />}
        rightSection={query ? <CloseButton onClick={() => setQuery('')} aria-label={t('pos.clear_search')} /> : <Kbd>F2</Kbd>}
        rightSectionWidth={44}
        autoComplete="off"
        spellCheck={false}
        data-testid="pos-search"
        type="search"
        enterKeyHint="search"
      />
    </div>
  );
}
