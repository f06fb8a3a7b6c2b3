import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@posauto/shared/schemas/categories';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type {
  FloorArea,
  FloorAreaInput,
  FloorAreaUpdate,
  FloorPositions,
  FloorTable,
  FloorTableInput,
  KitchenStation,
  KitchenStationInput,
  KitchenStationUpdate,
} from '@posauto/shared/schemas/restaurant';
import { api } from '../../../lib/api-client';

const AREAS = ['floor', 'areas'] as const;
const TABLES = ['floor', 'tables'] as const;
const STATIONS = ['kitchen', 'stations'] as const;

/** The caller's branches (a branch user: its own). */
export const useBranchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
    enabled,
  });

export const useAreas = (branchId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...AREAS, branchId],
    queryFn: () => api.get<{ data: FloorArea[] }>('/api/v1/floor/areas', { branch_id: branchId }).then((r) => r.data),
    enabled,
  });

export const useTables = (branchId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...TABLES, branchId],
    queryFn: () => api.get<{ data: FloorTable[] }>('/api/v1/floor/tables', { branch_id: branchId }).then((r) => r.data),
    enabled,
  });

export const useStations = (branchId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...STATIONS, branchId],
    queryFn: () => api.get<{ data: KitchenStation[] }>('/api/v1/kitchen/stations', { branch_id: branchId }).then((r) => r.data),
    enabled,
  });

/** The shop's categories, for the stations' choice (tens, never the catalogue: one read of all). */
export const useCategoryChoices = () =>
  useQuery({
    queryKey: ['categories', 'options', { sort: 'name' }],
    queryFn: () => api.get<ListResponse<Category>>('/api/v1/categories', { per_page: 'all', sort: 'name' }).then((r) => r.data),
    staleTime: 60_000,
  });

/** A write that refreshes the lists it touches (the live floor reads them too). */
function useWrite<V, R>(fn: (v: V) => Promise<R>, keys: readonly (readonly string[])[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: [...k] }))),
  });
}

const FLOOR_KEYS = [AREAS, TABLES, ['floor']] as const;

export const useSaveArea = () =>
  useWrite(
    (v: { id?: string; create?: FloorAreaInput; update?: FloorAreaUpdate }) =>
      v.id ? api.put<FloorArea>(`/api/v1/floor/areas/${v.id}`, v.update) : api.post<FloorArea>('/api/v1/floor/areas', v.create),
    FLOOR_KEYS,
  );
export const useDeleteArea = () => useWrite((id: string) => api.delete<{ message: string }>(`/api/v1/floor/areas/${id}`), FLOOR_KEYS);

export const useSaveTable = () =>
  useWrite(
    (v: { id?: string; input: FloorTableInput }) =>
      v.id ? api.put<FloorTable>(`/api/v1/floor/tables/${v.id}`, v.input) : api.post<FloorTable>('/api/v1/floor/tables', v.input),
    FLOOR_KEYS,
  );
export const useDeleteTable = () => useWrite((id: string) => api.delete<{ message: string }>(`/api/v1/floor/tables/${id}`), FLOOR_KEYS);
export const useSavePositions = () =>
  useWrite((v: FloorPositions) => api.put<{ data: FloorTable[] }>('/api/v1/floor/positions', v), FLOOR_KEYS);

export const useSaveStation = () =>
  useWrite(
    (v: { id?: string; create?: KitchenStationInput; update?: KitchenStationUpdate }) =>
      v.id
        ? api.put<KitchenStation>(`/api/v1/kitchen/stations/${v.id}`, v.update)
        : api.post<KitchenStation>('/api/v1/kitchen/stations', v.create),
    [STATIONS, ['floor']],
  );
export const useDeleteStation = () =>
  useWrite((id: string) => api.delete<{ message: string }>(`/api/v1/kitchen/stations/${id}`), [STATIONS, ['floor']]);
