import { ProductPicker } from '../../features/products';
import { StockAdjustmentDetailPage, StockAdjustmentForm, StockAdjustmentList, StockList } from '../../features/stock';
import { hasPermission, useUserData } from '../../lib/auth-store';

export const StockListingScreen = StockList;
export const StockAdjustmentsScreen = StockAdjustmentList;

/** Items come from the catalogue's finder; a combo has no stock of its own, so it is not offered. */
export function StockAdjustmentCreateScreen() {
  return (
    <StockAdjustmentForm
      renderPicker={(onPick) => <ProductPicker onPick={onPick} accept={(p) => p.type !== 'combo' && p.is_stock_manage} />}
    />
  );
}

export function StockAdjustmentDetailScreen() {
  const user = useUserData();
  return <StockAdjustmentDetailPage canCancel={hasPermission(user, 'stock-adjustment')} />;
}
