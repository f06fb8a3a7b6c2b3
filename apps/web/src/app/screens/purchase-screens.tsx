import { ProductPicker } from '../../features/products';
import { PurchaseDetailPage, PurchaseForm, PurchaseList, PurchaseReturnForm, PurchaseReturnList } from '../../features/purchases';
import { hasPermission, useUserData } from '../../lib/auth-store';

function useCanPurchase() {
  return hasPermission(useUserData(), 'stock-purchase');
}

export function PurchaseListingScreen() {
  return <PurchaseList canWrite={useCanPurchase()} />;
}

/** Items come from the catalogue's finder; only items that keep stock are bought into it. */
export function PurchaseFormScreen() {
  return <PurchaseForm renderPicker={(onPick) => <ProductPicker onPick={onPick} accept={(p) => p.is_stock_manage} />} />;
}

export function PurchaseDetailScreen() {
  return <PurchaseDetailPage canWrite={useCanPurchase()} />;
}

export function PurchaseReturnsScreen() {
  return <PurchaseReturnList canWrite={useCanPurchase()} />;
}

export const PurchaseReturnCreateScreen = PurchaseReturnForm;
