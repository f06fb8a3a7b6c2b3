import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosCatalogue, PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { CatalogueIndex } from '../../../components/selling/lib/catalogue-index';
import { CategoryTabs, ProductGrid, TILE_PAGE } from '../../../components/selling/product-grid';
import { VariantPicker } from '../../../components/selling/variant-picker';
import classes from './tables.module.css';

interface Props {
  catalogue: PosCatalogue;
  currency: CurrencyCode;
  lang: Language;
  onAdd: (product: PosProduct, variant: PosVariant | null) => void;
}

/** The till's product grid on the order screen: search, category tabs, variants asked for; a tap adds one. */
export function OrderCatalogue({ catalogue, currency, lang, onAdd }: Props) {
  const { t } = useTranslation();
  const index = useMemo(() => new CatalogueIndex(catalogue.products, catalogue.categories), [catalogue]);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [shown, setShown] = useState(TILE_PAGE);
  const [asking, setAsking] = useState<PosProduct | null>(null);
  const deferred = useDeferredValue(query);
  const positions = useMemo(() => index.search(deferred, category), [index, deferred, category]);
  useEffect(() => setShown(TILE_PAGE), [deferred, category]);
  const showMore = useCallback(() => setShown((n) => n + TILE_PAGE), []);
  const pick = useCallback(
    (p: PosProduct) => {
      if (p.type === 'variation' && p.variants.length > 0) setAsking(p);
      else onAdd(p, null);
    },
    [onAdd],
  );
  return (
    <div className={classes.catalogue}>
      <TextInput
        size="md"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t('pos.search_placeholder')}
        aria-label={t('pos.search')}
        leftSection={<IconSearch size={18} />}
        rightSection={query ? <CloseButton onClick={() => setQuery('')} aria-label={t('pos.clear_search')} /> : null}
        autoComplete="off"
      />
      <CategoryTabs tabs={index.tabs} selected={category} onSelect={setCategory} />
      <div className={classes.gridScroll} id="pos-grid-panel" role="tabpanel" aria-label={t('pos.products')}>
        <ProductGrid
          products={index.products}
          positions={positions}
          shown={shown}
          onShowMore={showMore}
          onPick={pick}
          currency={currency}
          lang={lang}
        />
      </div>
      <VariantPicker
        product={asking}
        onPick={(p, v) => {
          setAsking(null);
          onAdd(p, v);
        }}
        onClose={() => setAsking(null)}
        currency={currency}
        lang={lang}
      />
    </div>
  );
}
