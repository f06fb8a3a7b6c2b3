import { useParams } from 'react-router';
import { ProductPicker } from '../../features/products';
import { StockTransferDetailPage, StockTransferForm, StockTransferList } from '../../features/stock';
import { hasPermission, useUserData } from '../../lib/auth-store';

/** Items come from the catalogue's finder; a combo has no stock of its own, so it is not offered. */
const picker = (onPick: Parameters<Parameters<typeof StockTransferForm>[0]['renderPicker']>[0]) => (
  <ProductPicker onPick={onPick} accept={(p) => p.type !== 'combo' && p.is_stock_manage} />
);

export function StockTransferListScreen() {
  const user = useUserData();
  return <StockTransferList canEdit={hasPermission(user, 'stock-transfer')} />;
}

/** Sending in one step ("receive now") is for shop-level users; a branch user's transfer waits for the destination. */
export function StockTransferCreateScreen() {
  const user = useUserData();
  return <StockTransferForm renderPicker={picker} canReceiveNow={!user?.data.branch_id} />;
}

export function StockTransferEditScreen() {
  const user = useUserData();
  const { id } = useParams();
  return <StockTransferForm key={id} id={id} renderPicker={picker} canReceiveNow={!user?.data.branch_id} />;
}

export function StockTransferDetailScreen() {
  const user = useUserData();
  return <StockTransferDetailPage canWrite={hasPermission(user, 'stock-transfer')} branchId={user?.data.branch_id ?? null} />;
}
