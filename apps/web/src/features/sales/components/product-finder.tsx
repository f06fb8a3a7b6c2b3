import { useEffect, useMemo, useRef, useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosLookupProduct, PosLookupVariant } from '@posauto/shared/schemas/pos-lookup';
import { useProductLookup } from '../api/sale-documents';
import classes from './product-finder.module.css';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';

/** What the finder hands over: a product, and for a variation product the variant chosen with it. */
export interface DocumentLinePick {
  product: PosLookupProduct;
  variant: PosLookupVariant | null;
}

export interface DocumentProductFinderProps {
  onPick: (pick: DocumentLinePick) => void;
  /** Only products sold at this branch (none: every active product of the shop). */
  branchId: string | null;
  /** The shop's currency, shown with each price. */
  currency: string;
  testId?: string;
}

interface Choice {
  value: string;
  pick: DocumentLinePick;
  label: string;
  detail: string;
  price: string | null;
  /** The text typed is exactly this choice's SKU (any case) or barcode: a scan. */
  exact: boolean;
}

/** One choice per product, or per active variant of a variation product (its variant is picked with it). */
function choicesOf(products: PosLookupProduct[], term: string): Choice[] {
  const lower = term.toLowerCase();
  const isCode = (sku: string, barcode: string | null) => term !== '' && (sku.toLowerCase() === lower || barcode === term);
  const out: Choice[] = [];
  for (const product of products) {
    if (product.type === 'variation') {
      for (const variant of product.variants)
        out.push({
          value: `${product.id}/${variant.id}`,
          pick: { product, variant },
          label: `${product.name} (${variant.name})`,
          detail: [variant.sku, variant.barcode].filter(Boolean).join(' · '),
          price: variant.price,
          exact: isCode(variant.sku, variant.barcode),
        });
    } else {
      out.push({
        value: product.id,
        pick: { product, variant: null },
        label: product.name,
        detail: [product.sku, product.barcode].filter(Boolean).join(' · '),
        price: product.price,
        exact: isCode(product.sku, product.barcode),
      });
    }
  }
  // A scanned code goes first, so that Enter takes it.
  return [...out.filter((c) => c.exact), ...out.filter((c) => !c.exact)];
}

/**
 * Finds an item for a sale line by every word of its name, or by SKU or barcode, through the selling look-up (no
 * product-list needed) and adds it: a variant is chosen in the same step. Keyboard first: type, arrows, Enter; a
 * scanner's code followed by Enter adds its item once the answer is in, and Enter never submits the document.
 */
export function DocumentProductFinder({ onPick, branchId, currency, testId = 'doc-product-picker' }: DocumentProductFinderProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const found = useProductLookup(debounced, branchId);
  const term = search.trim();
  // Only the answer to what is typed now: an older list must not be picked by an Enter pressed before the new one.
  const current = found.data && found.data.q === term ? found.data : null;
  const choices = useMemo(() => (current ? choicesOf(current.data, current.q) : []), [current]);
  const waitingEnter = useRef(false);

  const pick = (choice: Choice) => {
    onPick(choice.pick);
    setSearch('');
    waitingEnter.current = false;
    combobox.closeDropdown();
  };

  useEffect(() => {
    if (!current) return;
    if (waitingEnter.current) {
      waitingEnter.current = false;
      // Enter came before the answer: a scanned code, or the one item found, is added; otherwise the list stays open.
      const only = choices.length === 1 ? choices[0] : choices.find((c) => c.exact);
      if (only) {
        pick(only);
        return;
      }
    }
    combobox.selectFirstOption();
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // The answer to what is typed is in and an option is highlighted: the combobox takes it.
    if (current && choices.length > 0 && combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    // Never the form's submit (the document is saved with its own button), nor an option of an older list.
    e.preventDefault();
    if (!current) {
      waitingEnter.current = true;
      combobox.resetSelectedOption();
    } else combobox.openDropdown('keyboard');
  };

  const fetching = !current || found.isFetching;
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const choice = choices.find((c) => c.value === value);
        if (choice) pick(choice);
      }}
      zIndex={2100}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={t('sale_docs.find_item')}
          description={t('sale_docs.find_item_hint')}
          placeholder={t('sale_docs.find_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={fetching ? <Loader size={14} aria-label={t('common.loading')} /> : null}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            waitingEnter.current = false;
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          autoComplete="off"
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={t('sale_docs.find_item')}>
          {choices.map((c) => (
            <Combobox.Option
              value={c.value}
              key={c.value}
              aria-label={c.price ? `${c.label}, ${formatMoneyText(c.price, currency, lang)}` : c.label}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {c.label}
                  </Text>
                  {c.detail && (
                    <Text size="xs" className={classes.detail} dir="ltr" truncate>
                      {c.detail}
                    </Text>
                  )}
                </div>
                <Text size="sm" fw={500} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {c.price ? formatMoneyText(c.price, currency, lang) : '—'}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {current && choices.length === 0 && <Combobox.Empty>{t('common.no_match')}</Combobox.Empty>}
          {!current && <Combobox.Empty>{t('common.loading')}</Combobox.Empty>}
        </Combobox.Options>
        {current?.has_more && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {t('sale_docs.find_more')}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
