import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { Room, RoomHolidays, RoomInput, RoomType, RoomTypeInput, RoomUpdate } from '@posauto/shared/schemas/rooms';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api, ApiError } from '../../../lib/api-client';

const TYPES = ['rooms', 'types'] as const;
const ROOMS = ['rooms', 'list'] as const;
const HOLIDAYS = ['rooms', 'holidays'] as const;

/** The caller's branches (a branch user: its own). */
export const useBranchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
    enabled,
  });

/** The shop currency: rates and the minimum spend are amounts in it (the same read as the other screens'). */
export function useShopCurrency(): CurrencyCode {
  const q = useQuery({
    queryKey: ['general_setting'],
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    staleTime: 5 * 60_000,
  });
  const currency = q.data?.setting.currency;
  return isCurrencyCode(currency) ? currency : 'USD';
}

export const useRoomTypes = () =>
  useQuery({ queryKey: [...TYPES], queryFn: () => api.get<{ data: RoomType[] }>('/api/v1/room-types').then((r) => r.data) });

export const useRooms = (branchId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...ROOMS, branchId],
    queryFn: () => api.get<{ data: Room[] }>('/api/v1/rooms', { branch_id: branchId }).then((r) => r.data),
    enabled,
  });

export const useHolidays = () =>
  useQuery({
    queryKey: [...HOLIDAYS],
    queryFn: () => api.get<{ holidays: Array<{ date: string; name: string }> }>('/api/v1/room-holidays').then((r) => r.holidays),
  });

/**
 * DELETE answers 204 with no body, which the client's JSON read refuses after the server has done the work. A refusal
 * from the server is an ApiError (network failures too): anything else can only be that empty body, so it is success.
 */
const deleteNoContent = (path: string) =>
  api.delete<unknown>(path).then(
    () => undefined,
    (e: unknown) => {
      if (e instanceof ApiError) throw e;
    },
  );

/** A write that refreshes the lists it touches. */
function useWrite<V, R>(fn: (v: V) => Promise<R>, keys: readonly (readonly string[])[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: [...k] }))),
  });
}

// A type's name shows on its rooms, and its room count on the list: both lists are read again.
const TYPE_KEYS = [TYPES, ROOMS] as const;

export const useSaveType = () =>
  useWrite(
    (v: { id?: string; input: RoomTypeInput }) =>
      v.id ? api.put<RoomType>(`/api/v1/room-types/${v.id}`, v.input) : api.post<RoomType>('/api/v1/room-types', v.input),
    TYPE_KEYS,
  );
export const useDeleteType = () => useWrite((id: string) => deleteNoContent(`/api/v1/room-types/${id}`), TYPE_KEYS);

export const useSaveRoom = () =>
  useWrite(
    (v: { id?: string; create?: RoomInput; update?: RoomUpdate }) =>
      v.id ? api.put<Room>(`/api/v1/rooms/${v.id}`, v.update) : api.post<Room>('/api/v1/rooms', v.create),
    TYPE_KEYS,
  );
export const useDeleteRoom = () => useWrite((id: string) => deleteNoContent(`/api/v1/rooms/${id}`), TYPE_KEYS);

export const useSaveHolidays = () =>
  useWrite((v: RoomHolidays) => api.put<{ holidays: Array<{ date: string; name: string }> }>('/api/v1/room-holidays', v), [HOLIDAYS]);
