import { useMemo } from 'react';
import { usePrintReceipt } from '../../features/receipts';
import { ItemSaleList, SaleList, type SaleDetailActions } from '../../features/sales';
import { hasPermission, useUserData } from '../../lib/auth-store';

/** What the sale lists may do: prints are reprints (audited) through the receipts feature, the rest by permission. */
function useSaleActions(): SaleDetailActions {
  const user = useUserData();
  const { print, printing } = usePrintReceipt();
  const canPay = ['sale-management', 'sale-invoice', 'sale-pos', 'sale-list'].some((p) => hasPermission(user, p));
  const canVoid = hasPermission(user, 'sale-management');
  const canReturn = hasPermission(user, 'sale-return');
  return useMemo(
    () => ({ print: (id, options) => print(id, { ...options, reprint: true }), printing, canPay, canVoid, canReturn }),
    [print, printing, canPay, canVoid, canReturn],
  );
}

/** /sale-listing: the till's sales (sale-list). */
export function PosSaleListingScreen() {
  return <SaleList mode="pos" actions={useSaleActions()} />;
}

/** /sales-listing: every sale whatever its type (sale-management). */
export function SalesListingScreen() {
  return <SaleList mode="all" actions={useSaleActions()} />;
}

/** /item-sale-listing: every sold line. */
export const ItemSaleListingScreen = ItemSaleList;
