import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type {
  CashMovementInput,
  CashSession,
  CashSessionDetail,
  CashSessionOptions,
  CloseCashSessionInput,
  CurrentCashSession,
  OpenCashSessionInput,
} from '@posauto/shared/schemas/cash-sessions';
import { withSnapshot } from '../../../lib/till-db';
import { api, type QueryParams } from '../../../lib/api-client';
import { hasPermission, useUserData } from '../../../lib/auth-store';

const KEY = 'cash-sessions';
const PATH = '/api/v1/cash-sessions';
type Envelope<T> = { message: string; data: T };

export function useCashSessionList(params: QueryParams) {
  return useQuery({
    queryKey: [KEY, 'list', params],
    queryFn: () => api.get<ListResponse<CashSession>>(PATH, params),
    placeholderData: keepPreviousData,
  });
}

export function useCashSession(id: string | null) {
  return useQuery({
    queryKey: [KEY, 'item', id],
    queryFn: () => api.get<CashSessionDetail>(`${PATH}/${id}`),
    enabled: Boolean(id),
  });
}

/** Branches and cashiers of the caller's scope, for the filters and the open form. */
export function useCashSessionOptions() {
  return useQuery({
    queryKey: [KEY, 'options'],
    queryFn: () => api.get<CashSessionOptions>(`${PATH}/options`),
    staleTime: 60_000,
  });
}

/**
 * The signed-in cashier's open session with its running figures (null: none). Only asked for by users who may use
 * the till (sale-pos); for others it stays null without a request.
 */
export function useCurrentCashSession() {
  const canSell = hasPermission(useUserData(), 'sale-pos');
  const q = useQuery({
    queryKey: [KEY, 'current'],
    // Kept in the till's database: a till reloaded with no connection sells on in the session it had (issue #26).
    queryFn: () => withSnapshot('cash-session', async () => (await api.get<CurrentCashSession>(`${PATH}/current`)).data),
    enabled: canSell,
  });
  return { ...q, session: q.data ?? null, canSell };
}

/** After any change of a session, its list, its report and the current session are read again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [KEY] });
}

export function useOpenCashSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OpenCashSessionInput) => api.post<Envelope<CashSessionDetail>>(`${PATH}/open`, input),
    onSuccess: invalidate,
  });
}

export function useCashMovement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CashMovementInput }) =>
      api.post<Envelope<CashSessionDetail>>(`${PATH}/${id}/cash-movements`, input),
    onSuccess: invalidate,
  });
}

export function useCloseCashSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CloseCashSessionInput }) =>
      api.post<Envelope<CashSessionDetail>>(`${PATH}/${id}/close`, input),
    onSuccess: invalidate,
  });
}
