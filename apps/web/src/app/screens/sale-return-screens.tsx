import { SaleReturnForm, SaleReturnList } from '../../features/sales';
import { hasPermission, useUserData } from '../../lib/auth-store';

/** /sale-return-listing: returns against sales; creating one needs sale-return. */
export function SaleReturnListingScreen() {
  return <SaleReturnList canCreate={hasPermission(useUserData(), 'sale-return')} />;
}

/** /sales-listing/create-sale-return */
export const SaleReturnCreateScreen = SaleReturnForm;
