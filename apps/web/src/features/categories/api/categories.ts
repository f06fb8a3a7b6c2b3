import { useQuery } from '@tanstack/react-query';
import type { Category } from '@posauto/shared/schemas/categories';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const categoriesResource = defineResource('categories', '/api/v1/categories');

/** Every category as a parent choice (a shop has tens, not thousands; the list is searchable anyway). */
export function useParentOptions() {
  return useQuery({
    queryKey: ['categories', 'parents'],
    queryFn: () => api.get<ListResponse<Category>>(categoriesResource.path, { per_page: 'all', sort: 'name' }),
    select: (r) => r.data,
  });
}
