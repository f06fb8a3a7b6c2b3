import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminResetPasswordBodySchema } from '@posauto/shared/schemas/accounts';
import { defineResource, type CrudResource } from '../../../components/crud/resource';
import { api } from '../../../lib/api-client';

/** Staff of the whole shop, and staff bound to one branch (same shape, same routes under another path). */
export const usersResource = defineResource('users', '/api/v1/users');
export const branchUsersResource = defineResource('branch-users', '/api/v1/branch-users');

export function useResetUserPassword(resource: CrudResource) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof adminResetPasswordBodySchema> }) =>
      api.post<{ message: string }>(`${resource.path}/${id}/reset-password`, body),
  });
}

/** The shop's branches as choices (id, name). */
export function useBranchOptions() {
  return useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    select: (r) => r.map((b) => ({ value: b.id, label: b.name })),
  });
}
