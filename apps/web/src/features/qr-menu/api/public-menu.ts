import { useQuery } from '@tanstack/react-query';
import type { PublicMenu } from '@posauto/shared/schemas/public-menu';
import { api } from '../../../lib/api-client';

/** One request for the whole menu; the browser revalidates it with the server's ETag. */
export function fetchPublicMenu(slug: string): Promise<PublicMenu> {
  return api.get<PublicMenu>(`/api/v1/public/menu/${encodeURIComponent(slug)}`);
}

export function usePublicMenu(slug: string) {
  return useQuery({ queryKey: ['public-menu', slug], queryFn: () => fetchPublicMenu(slug), staleTime: 60_000 });
}
