import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldCart, HeldCartInput } from '@posauto/shared/schemas/pos';
import { api } from '../../../lib/api-client';
import { BASE, POS_KEY } from '../../../components/selling/api/catalogue-api';

/** What the till's first screen calls; its dialogs' and the payment's calls load with them (pos-dialog-api.ts). */
export { authHeaders, BASE, failure, POS_KEY, unwrap, usePosCatalogue } from '../../../components/selling/api/catalogue-api';

export function useHoldCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: HeldCartInput) => api.post<HeldCart | { data: HeldCart }>(`${BASE}/held-carts`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [POS_KEY, 'held'] }),
  });
}

/** Resuming takes the cart off hold (DELETE answers it). */
export function useResumeCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<HeldCart | { data: HeldCart }>(`${BASE}/held-carts/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [POS_KEY, 'held'] }),
  });
}
