import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Floor,
  OrderAdd,
  OrderLineUpdate,
  OrderLineVoid,
  OrderOpen,
  OrderSplit,
  PreBill,
  TableOrder,
  BillPay,
} from '@posauto/shared/schemas/restaurant';
import { IDEMPOTENCY_HEADER } from '@posauto/shared/schemas/sales';
import { api, ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { authHeaders, failure } from '../../../components/selling/api/catalogue-api';

/** Everything the waiter's screens read sits under this key: a live change refreshes all of it. */
export const TABLES_KEY = ['tables'] as const;
const ORDERS = '/api/v1/table-orders';
/** The fallback when the live stream is down. */
const POLL_MS = 30_000;

export const useBranchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
    enabled,
  });

export const useFloor = (branchId: string | null) =>
  useQuery({
    queryKey: [...TABLES_KEY, 'floor', branchId],
    queryFn: () => api.get<Floor>('/api/v1/floor', { branch_id: branchId }),
    refetchInterval: POLL_MS,
  });

export const useOrder = (id: string | undefined) =>
  useQuery({
    queryKey: [...TABLES_KEY, 'order', id],
    queryFn: () => api.get<TableOrder>(`${ORDERS}/${id}`),
    enabled: Boolean(id),
    refetchInterval: POLL_MS,
  });

export const usePreBill = (id: string, bill: number, serviceChargeId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...TABLES_KEY, 'pre-bill', id, bill, serviceChargeId],
    queryFn: () => api.get<PreBill>(`${ORDERS}/${id}/pre-bill`, { bill, service_charge_id: serviceChargeId }),
    enabled,
  });

/** A POST that must happen once: the same key on every retry of the same request. */
export async function postOnce<T>(path: string, body: unknown, key: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: authHeaders({ 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key }),
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

export const addLines = (orderId: string, body: OrderAdd, key: string) => postOnce<TableOrder>(`${ORDERS}/${orderId}/lines`, body, key);

export type OrderAction =
  | { kind: 'update'; lineId: string; body: OrderLineUpdate }
  | { kind: 'remove'; lineId: string }
  | { kind: 'void'; lineId: string; body: OrderLineVoid }
  | { kind: 'send'; key: string }
  | { kind: 'move'; tableId: string }
  | { kind: 'merge'; orderId: string }
  | { kind: 'split'; body: OrderSplit }
  | { kind: 'clear' }
  | { kind: 'cancel' };

function runAction(id: string, a: OrderAction): Promise<TableOrder> {
  const base = `${ORDERS}/${id}`;
  switch (a.kind) {
    case 'update':
      return api.patch<TableOrder>(`${base}/lines/${a.lineId}`, a.body);
    case 'remove':
      return api.delete<TableOrder>(`${base}/lines/${a.lineId}`);
    case 'void':
      return api.post<TableOrder>(`${base}/lines/${a.lineId}/void`, a.body);
    case 'send':
      return postOnce<{ order: TableOrder }>(`${base}/send`, {}, a.key).then((r) => r.order);
    case 'move':
      return api.post<TableOrder>(`${base}/move`, { table_id: a.tableId });
    case 'merge':
      return api.post<TableOrder>(`${base}/merge`, { order_id: a.orderId });
    case 'split':
      return api.post<TableOrder>(`${base}/split`, a.body);
    case 'clear':
      return api.post<TableOrder>(`${base}/clear`);
    case 'cancel':
      return api.post<TableOrder>(`${base}/cancel`);
  }
}

/** Every change of an order: the answer is the order as it is now; the floor is read again after. */
export function useOrderAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: OrderAction) => runAction(id, a),
    onSuccess: (order) => qc.setQueryData([...TABLES_KEY, 'order', id], order),
    onSettled: () => qc.invalidateQueries({ queryKey: TABLES_KEY }),
  });
}

export function useOpenTable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderOpen) => api.post<TableOrder>(ORDERS, body),
    onSettled: () => qc.invalidateQueries({ queryKey: TABLES_KEY }),
  });
}

export const printPreBill = (id: string, bill: number, serviceChargeId: string | null) =>
  api.post<PreBill>(
    `${ORDERS}/${id}/pre-bill?bill=${bill}${serviceChargeId ? `&service_charge_id=${encodeURIComponent(serviceChargeId)}` : ''}`,
  );

export const payBill = (id: string, bill: number, body: BillPay, key: string) =>
  postOnce<{ order: TableOrder; sale_id: string; invoice_number: string }>(`${ORDERS}/${id}/bills/${bill}/pay`, body, key);
