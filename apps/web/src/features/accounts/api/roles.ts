import { useQuery } from '@tanstack/react-query';
import type { Role } from '@posauto/shared/schemas/accounts';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { defineResource } from '../../../components/crud/resource';
import { api } from '../../../lib/api-client';

export const rolesResource = defineResource('roles', '/api/v1/roles');

export type PermissionGroup = { key: string; permissions: string[] };

/** What the signed-in user may grant (what they hold and their package includes), grouped as the menu. */
export function useGrantablePermissions() {
  return useQuery({
    queryKey: ['roles', 'grantable'],
    queryFn: () => api.get<PermissionGroup[]>('/api/v1/permissions'),
    staleTime: 60_000,
  });
}

/** Every role of the shop, for the role choice of the user form. */
export function useRoleOptions() {
  return useQuery({
    queryKey: ['roles', 'options'],
    queryFn: () => api.get<ListResponse<Role>>(rolesResource.path, { per_page: 'all', sort: 'name' }),
    select: (r) => r.data.map((role) => ({ value: role.id, label: role.name })),
  });
}
