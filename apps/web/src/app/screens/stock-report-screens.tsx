import { useTranslation } from 'react-i18next';
import { ProductPicker } from '../../features/products';
import { StockExpiryList, StockFilter, StockReport } from '../../features/stock';

/** Items that hold stock of their own: a combo moves its components, a service moves nothing. */
const holdsStock = (p: { type: string; is_stock_manage: boolean }) => p.type !== 'combo' && p.is_stock_manage;

export function StockFilterScreen() {
  return <StockFilter renderPicker={(onPick) => <ProductPicker onPick={onPick} accept={holdsStock} testId="stock-filter-picker" />} />;
}

export const StockExpiryScreen = StockExpiryList;

export function StockReportScreen() {
  const { t } = useTranslation();
  return (
    <StockReport
      renderPicker={(onPick) => (
        <ProductPicker onPick={onPick} accept={holdsStock} label={t('stock.report.item')} testId="stock-report-picker" />
      )}
    />
  );
}
