import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBusiness, ShopPackage } from '@posauto/shared/schemas/accounts';
import { defineResource } from '../../../components/crud/resource';
import { api } from '../../../lib/api-client';

/** The platform team's list of shops (GET with business_status, search, page, per_page, sort, order). */
export const businessesResource = defineResource('admin-businesses', '/api/v1/admin/businesses');

export type BusinessAction = 'activate' | 'suspend' | 'reactivate';
type Envelope = { message: string; data?: AdminBusiness };

export function useBusinessMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: [businessesResource.key] });
  return {
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: BusinessAction }) =>
        api.post<Envelope>(`${businessesResource.path}/${id}/${action}`),
      onSuccess: invalidate,
    }),
    changePackage: useMutation({
      mutationFn: ({ id, pkg }: { id: string; pkg: ShopPackage }) =>
        api.put<Envelope>(`${businessesResource.path}/${id}/package`, { package: pkg }),
      onSuccess: invalidate,
    }),
  };
}
