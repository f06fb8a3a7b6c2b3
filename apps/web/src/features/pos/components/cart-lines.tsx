import { ActionIcon, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CurrencyCode, formatPercent, formatQuantity } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { type Cart, type CartLine as Line, type CartTotals, removeLine, selectLine, stepQuantity, unitPrice } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { moneyText } from '../../../components/selling/lib/money-text';
import classes from './pos.module.css';

interface CartLinesProps {
  cart: Cart;
  totals: CartTotals;
  currency: CurrencyCode;
  lang: Language;
  onEditLine: (key: string) => void;
  /** Lines the branch does not hold enough of: marked out of stock. */
  short: ReadonlySet<string>;
}

/** The cart's lines, or a word that it is empty. A line is selected by a tap (+, - and Delete then act on it). */
export function CartLines({ cart, totals, currency, lang, onEditLine, short }: CartLinesProps) {
  const { t } = useTranslation();
  if (cart.lines.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl" style={{ flex: 1 }}>
        {t('pos.cart_empty')}
      </Text>
    );
  }
  return (
    <ul className={classes.lines} data-testid="pos-lines" aria-label={t('pos.lines')}>
      {cart.lines.map((line, i) => (
        <CartLine
          key={line.key}
          line={line}
          net={totals.lines[i]!.net}
          selected={cart.selected === line.key}
          short={short.has(line.key)}
          money={(minor) => moneyText(minor, currency, lang)}
          onEdit={onEditLine}
        />
      ))}
    </ul>
  );
}

interface CartLineProps {
  line: Line;
  /** The line's amount after its discount. */
  net: number;
  selected: boolean;
  short: boolean;
  money: (minor: number) => string;
  onEdit: (key: string) => void;
}

/** One line: its name (a button that opens the line's dialog), price and discount, amount, quantity stepper, remove. */
function CartLine({ line, net, selected, short, money, onEdit }: CartLineProps) {
  const { t } = useTranslation();
  const store = cartStore();
  // The buttons inside the line act on it without the line's own tap (which selects it) running too.
  const act = (change: (c: Cart) => Cart) => (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    store.update(change);
  };
  return (
    <li
      className={classes.line}
      data-selected={selected || undefined}
      aria-current={selected || undefined}
      data-testid="pos-line"
      onClick={() => store.update((c) => selectLine(c, line.key))}
    >
      <div style={{ minWidth: 0 }}>
        <button
          type="button"
          onClick={() => onEdit(line.key)}
          style={{ all: 'unset', cursor: 'pointer', display: 'block' }}
          className={classes.lineName}
          aria-label={t('pos.edit_line', { name: line.name })}
        >
          {line.name}
        </button>
        <div className={classes.lineMeta}>
          {short && (
            <Text span c="red" fw={700} size="xs" me={6} data-testid="pos-line-stock">
              {t('pos.out_of_stock')}
            </Text>
          )}
          <bdi dir="ltr">{money(unitPrice(line))}</bdi>
          {line.unitName ? ` / ${line.unitName}` : ''}
          {line.discount &&
            ` · ${t('pos.discount_short')} ${
              line.discount.type === 'percentage' ? `${formatPercent(line.discount.value)}%` : money(line.discount.value)
            }`}
        </div>
      </div>
      <Text fw={700} size="sm" ta="end" data-testid="pos-line-total">
        <bdi dir="ltr">{money(net)}</bdi>
      </Text>
      <div className={classes.stepper}>
        <ActionIcon
          variant="default"
          size={44}
          onClick={act((c) => stepQuantity(selectLine(c, line.key), line.key, -1))}
          disabled={line.quantity <= 1000}
          aria-label={t('pos.decrease', { name: line.name })}
        >
          <IconMinus size={18} />
        </ActionIcon>
        <span className={classes.qty} data-testid="pos-line-qty">
          <bdi dir="ltr">{formatQuantity(line.quantity)}</bdi>
        </span>
        <ActionIcon
          variant="default"
          size={44}
          onClick={act((c) => stepQuantity(selectLine(c, line.key), line.key, 1))}
          aria-label={t('pos.increase', { name: line.name })}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          onClick={act((c) => removeLine(c, line.key))}
          aria-label={t('pos.remove_line', { name: line.name })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </div>
    </li>
  );
}
