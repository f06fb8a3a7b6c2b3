import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { moneyText, rielText } from '../../../components/selling/lib/money-text';
import classes from './pos.module.css';

interface SheetBarProps {
  lines: number;
  total: number;
  /** The total in riel, or null when the shop shows none. */
  totalRiel: number | null;
  currency: CurrencyCode;
  lang: Language;
  sheetOpen: boolean;
  onOpen: () => void;
  onPay: () => void;
}

/** Portrait and phones: the cart's bar at the bottom (its lines and total); the sheet opens on tap. */
export function SheetBar({ lines, total, totalRiel, currency, lang, sheetOpen, onOpen, onPay }: SheetBarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.sheetBar}>
      <Button
        variant="default"
        style={{ flex: 1 }}
        h={48}
        onClick={onOpen}
        justify="space-between"
        aria-expanded={sheetOpen}
        data-testid="pos-sheet-bar"
      >
        <span>{t('pos.lines_count', { count: lines })}</span>
        <span>
          &nbsp;·&nbsp;
          <bdi dir="ltr">{moneyText(total, currency, lang)}</bdi>
          {totalRiel !== null && (
            <Text span c="dimmed" size="sm">
              &nbsp;
              <bdi dir="ltr">{rielText(totalRiel, lang)}</bdi>
            </Text>
          )}
        </span>
      </Button>
      <Button h={48} onClick={onPay} disabled={lines === 0}>
        {t('pos.pay')}
      </Button>
    </div>
  );
}
