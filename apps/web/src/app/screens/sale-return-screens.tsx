import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SaleReturnDetail } from '@posauto/shared/schemas/sales';
import { printSaleReturn } from '../../features/receipts';
import { SaleReturnForm, SaleReturnList } from '../../features/sales';
import { hasPermission, useUserData } from '../../lib/auth-store';

/** Prints a return's receipt through the receipts feature; a reprint goes through the audited route. */
function usePrintReturn() {
  const qc = useQueryClient();
  return useCallback((id: string, reprint: boolean) => printSaleReturn(qc, id, { reprint }), [qc]);
}

/** /sale-return-listing: returns against sales; creating one needs sale-return; each return's receipt reprints. */
export function SaleReturnListingScreen() {
  const print = usePrintReturn();
  return <SaleReturnList canCreate={hasPermission(useUserData(), 'sale-return')} reprint={(id) => print(id, true)} />;
}

/** /sales-listing/create-sale-return: the return's receipt prints once it is saved. */
export function SaleReturnCreateScreen() {
  const print = usePrintReturn();
  return <SaleReturnForm printReturn={(ret: SaleReturnDetail) => print(ret.id, false)} />;
}
