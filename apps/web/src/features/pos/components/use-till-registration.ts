import { useEffect } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-store';
import { BASE } from '../api/pos-api';
import { forgetTill, mergeServer, tillIn, withTillLock } from '../lib/till-identity';

interface ServerTill {
  id: string;
  code: string;
  last_number: number;
}

/** What a new till is called until the owner renames it: who opened it first, on which system, and when. */
function tillName(): string {
  const platform = (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || '';
  const who = getUserData()?.data.name ?? '';
  return [who, platform, new Date().toISOString().slice(0, 10)].filter(Boolean).join(' · ').slice(0, 60);
}

/**
 * Makes this device a till of the session's branch (issue #26): registered once while online, then read back each
 * time the till opens, so that it goes on after the highest number the server holds (a device restored from an old
 * copy). A till the server no longer knows (another database, a till removed) is registered anew. Offline, nothing
 * happens: the till sells on with the series it has, or, never registered, online only.
 */
export function useTillRegistration(branchId: string | null) {
  useEffect(() => {
    if (!branchId) return;
    let gone = false;
    const settle = (till: ServerTill) => {
      if (gone) return;
      void withTillLock(till.id, async () => mergeServer(branchId, till));
    };
    const register = () => api.post<ServerTill>(`${BASE}/tills`, { name: tillName() }).then(settle);
    const mine = tillIn(branchId);
    const check = mine
      ? api.get<ServerTill>(`${BASE}/tills/${encodeURIComponent(mine.id)}`).then(settle, (e: unknown) => {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
          forgetTill(branchId);
          return register();
        })
      : register();
    // Offline or refused: the till stays as it is (it tries again the next time it opens).
    check.catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [branchId]);
}
