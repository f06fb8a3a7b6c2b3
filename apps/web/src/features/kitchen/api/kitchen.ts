import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KitchenStation, KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { api } from '../../../lib/api-client';

export type TicketView = 'open' | 'done';
export interface TicketsAnswer {
  data: KitchenTicket[];
  server_time: string;
}

/** Everything the display reads sits under this key: a live change or a re-read refreshes all of it. */
export const KITCHEN_KEY = ['kitchen'] as const;
/** The fallback when the live stream is down or an event was missed. */
export const POLL_MS = 30_000;

/** The caller's branches (a branch user: its own); shop-level users choose one. */
export const useBranchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
    enabled,
  });

export const useStations = (branchId: string | null) =>
  useQuery({
    queryKey: [...KITCHEN_KEY, 'stations', branchId],
    queryFn: () => api.get<{ data: KitchenStation[] }>('/api/v1/kitchen/stations', { branch_id: branchId }).then((r) => r.data),
    staleTime: 60_000,
  });

export const useTickets = (branchId: string | null, stationId: string | null, view: TicketView) =>
  useQuery({
    queryKey: [...KITCHEN_KEY, 'tickets', branchId, stationId, view],
    queryFn: () => api.get<TicketsAnswer>('/api/v1/kitchen/tickets', { branch_id: branchId, station_id: stationId, status: view }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    retry: 1,
  });

export type TicketAction = 'ready' | 'done' | 'recall';

/** Marks a ticket (ready, done, recall) or one of its lines ready; the display re-reads after. */
export function useTicketAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: TicketAction; ticketId: string } | { action: 'line'; ticketId: string; lineId: string }) =>
      a.action === 'line'
        ? api.post<KitchenTicket>(`/api/v1/kitchen/tickets/${a.ticketId}/lines/${a.lineId}/ready`)
        : api.post<KitchenTicket>(`/api/v1/kitchen/tickets/${a.ticketId}/${a.action}`),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KITCHEN_KEY, 'tickets'] }),
  });
}
