import { memo } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosCategory, PosProduct } from '@posauto/shared/schemas/pos';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { moneyMinor } from './lib/money-minor';
import { moneyText } from './lib/money-text';
import classes from './selling.module.css';

/** Tiles drawn at once; "Show more" adds as many again. A 100,000-product shop renders a page, not the catalogue. */
export const TILE_PAGE = 60;

interface GridProps {
  products: readonly PosProduct[];
  positions: readonly number[];
  shown: number;
  onShowMore: () => void;
  onPick: (product: PosProduct) => void;
  currency: CurrencyCode;
  lang: Language;
}

/** Memoised like the tabs: a cart change does not redraw the grid. */
export const ProductGrid = memo(function ProductGrid({ products, positions, shown, onShowMore, onPick, currency, lang }: GridProps) {
  const { t } = useTranslation();
  if (positions.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="pos-no-products">
        {t('pos.no_products')}
      </Text>
    );
  }
  return (
    <>
      <div className={classes.grid} data-testid="pos-grid">
        {positions.slice(0, shown).map((i) => (
          <Tile key={products[i]!.id} product={products[i]!} onPick={onPick} currency={currency} lang={lang} />
        ))}
      </div>
      {positions.length > shown && (
        <Button variant="light" fullWidth mt="sm" size="md" onClick={onShowMore}>
          {t('pos.show_more', { count: positions.length - shown })}
        </Button>
      )}
    </>
  );
});

interface TabsProps {
  tabs: readonly PosCategory[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The category tabs. Memoised: a scan or a quantity change re-renders the till, and must not re-render a strip that
 * did not change (a shop may have hundreds of categories).
 */
export const CategoryTabs = memo(function CategoryTabs({ tabs, selected, onSelect }: TabsProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.tabs} role="tablist" aria-label={t('pos.categories')}>
      <button
        type="button"
        role="tab"
        className={classes.tab}
        aria-selected={selected === null}
        onClick={() => onSelect(null)}
        aria-controls="pos-grid-panel"
      >
        {t('pos.all_categories')}
      </button>
      {tabs.map((c) => (
        <button
          key={c.id}
          type="button"
          role="tab"
          className={classes.tab}
          aria-selected={selected === c.id}
          onClick={() => onSelect(c.id)}
          aria-controls="pos-grid-panel"
        >
          {c.name}
        </button>
      ))}
    </div>
  );
});

const Tile = memo(function Tile({
  product,
  onPick,
  currency,
  lang,
}: {
  product: PosProduct;
  onPick: (p: PosProduct) => void;
  currency: CurrencyCode;
  lang: Language;
}) {
  const { t } = useTranslation();
  const price = safePrice(product.price, currency);
  const out = product.on_hand !== null && Number(product.on_hand) <= 0;
  const variants = product.type === 'variation' && product.variants.length > 0;
  return (
    <button type="button" className={classes.tile} onClick={() => onPick(product)} data-testid="pos-tile" data-product={product.id}>
      {product.image_url ? (
        <img className={classes.tileImage} src={product.image_url} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={classes.tilePlaceholder} aria-hidden>
          {initials(product.name)}
        </span>
      )}
      <span className={classes.tileBody}>
        <span className={classes.tileName}>{product.name}</span>
        <span className={classes.tilePrice}>
          <bdi dir="ltr">{price === null ? product.price : moneyText(price, currency, lang)}</bdi>
          {variants && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' · '}
              {t('pos.variant_count', { count: product.variants.length })}
            </Text>
          )}
        </span>
      </span>
      {out && <span className={`${classes.tileBadge} ${classes.tileBadgeOut}`}>{t('pos.out_of_stock')}</span>}
      {product.type === 'combo' && <span className={`${classes.tileBadge} ${classes.tileBadgeCombo}`}>{t('pos.combo')}</span>}
    </button>
  );
});

function safePrice(text: string, currency: CurrencyCode): number | null {
  try {
    return moneyMinor(text, currency);
  } catch {
    return null;
  }
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => Array.from(w)[0] ?? '')
      .join('')
      .toLocaleUpperCase() || '?'
  );
}
