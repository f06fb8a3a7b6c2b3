import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PosCatalogue } from '@posauto/shared/schemas/pos';
import { ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-store';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { withSnapshot } from '../../../lib/till-db';

/** The till's catalogue (also the table order screen's): what their first screen calls. */
export const BASE = '/api/v1/pos';
export const POS_KEY = 'pos';

export function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { 'accept-language': currentLanguage(), accept: 'application/json', ...extra };
  const token = getUserData()?.access_token;
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

export async function failure(res: Response): Promise<ApiError> {
  let payload: { message?: string; errors?: Record<string, string> } = {};
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, payload.message ?? i18n.t('errors.internal'), payload.errors);
}

/**
 * The catalogue, fetched once and then checked in the background: the server answers 304 (nothing to send) while
 * its version is unchanged, and the till keeps the catalogue it has.
 */
async function fetchCatalogue(branchId: string | null, previous: PosCatalogue | undefined): Promise<PosCatalogue> {
  const url = branchId ? `${BASE}/catalogue?branch_id=${encodeURIComponent(branchId)}` : `${BASE}/catalogue`;
  const headers = authHeaders(previous ? { 'if-none-match': `"${previous.version}"` } : {});
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (res.status === 304 && previous) return previous;
  if (!res.ok) throw await failure(res);
  return (await res.json()) as PosCatalogue;
}

export function usePosCatalogue(branchId: string | null) {
  const qc = useQueryClient();
  const key = [POS_KEY, 'catalogue', branchId];
  return useQuery({
    queryKey: key,
    // Kept in the till's database: a till reloaded with no connection opens on the catalogue it last had (issue #26).
    queryFn: () => withSnapshot(`catalogue:${branchId ?? ''}`, () => fetchCatalogue(branchId, qc.getQueryData<PosCatalogue>(key))),
    staleTime: 60_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    // The same object back on 304: nothing re-renders and the indexes are not rebuilt.
    structuralSharing: false,
  });
}

export function unwrap<T>(body: T | { data: T }): T {
  return body && typeof body === 'object' && 'data' in body && !Array.isArray((body as { data: unknown }).data)
    ? (body as { data: T }).data
    : (body as T);
}
