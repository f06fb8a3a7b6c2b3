import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { api, type QueryParams } from '../../lib/api-client';

/** One server collection with the standard CRUD routes (see the server's registerCrudRoutes). */
export interface CrudResource {
  key: string;
  path: string;
}

export function defineResource(key: string, path: string): CrudResource {
  return { key, path };
}

export function useCrudList<T>(resource: CrudResource, params: QueryParams) {
  return useQuery({
    queryKey: [resource.key, 'list', params],
    queryFn: () => api.get<ListResponse<T>>(resource.path, params),
    placeholderData: keepPreviousData,
  });
}

export function useCrudItem<T>(resource: CrudResource, id: string | undefined) {
  return useQuery({
    queryKey: [resource.key, 'item', id],
    queryFn: () => api.get<T>(`${resource.path}/${id}`),
    enabled: Boolean(id),
  });
}

type Envelope<T> = { message: string; data: T };

export function useCrudMutations<T, TInput>(resource: CrudResource) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: [resource.key] });
  return {
    create: useMutation({ mutationFn: (input: TInput) => api.post<Envelope<T>>(resource.path, input), onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: TInput }) => api.put<Envelope<T>>(`${resource.path}/${id}`, input),
      onSuccess: invalidate,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: string; status: boolean }) => api.patch<Envelope<T>>(`${resource.path}/${id}/status`, { status }),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<{ message: string }>(`${resource.path}/${id}`), onSuccess: invalidate }),
  };
}
