import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBodySchema, profileSchema, profileUpdateSchema } from '@posauto/shared/schemas/accounts';
import { api } from '../../../lib/api-client';

export type Profile = z.infer<typeof profileSchema>;
const KEY = ['profile'];

export function useProfile() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get<Profile>('/api/v1/profile') });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof profileUpdateSchema>) => api.put<{ message: string; data?: Profile }>('/api/v1/profile', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** The answer may carry a fresh access_token when the server rotates the session (the other sessions end). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordBodySchema>) =>
      api.post<{ message: string; access_token?: string }>('/api/v1/change-password', body),
  });
}
