import { useSyncExternalStore } from 'react';
import type { UserData } from '@posauto/shared/schemas/auth';
import { isUserData } from './light-checks';
import { clearSnapshots } from './till-db';

/** localStorage keys named by the spec. */
export const USER_DATA_KEY = 'userData';
export const LAST_ACTIVE_KEY = 'last-active-time';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: UserData | null = null;

function read(): UserData | null {
  const raw = localStorage.getItem(USER_DATA_KEY);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cached = isUserData(parsed) ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

function emit() {
  for (const l of listeners) l();
}

window.addEventListener('storage', (e) => {
  if (e.key === USER_DATA_KEY || e.key === null) emit();
});

export function getUserData(): UserData | null {
  return read();
}

export function setUserData(data: UserData): void {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(data));
  localStorage.setItem(LAST_ACTIVE_KEY, String(Date.now()));
  emit();
}

/**
 * A sale the till has paid but the server has not yet acknowledged (features/pos, pending-sale.ts): it survives a
 * logout, so that it is sent again with its Idempotency-Key at the next sign-in instead of being lost. So does the
 * device's till (its code and the last receipt number it gave: till-identity.ts), which is the device's, not the user's.
 */
const KEPT_ON_LOGOUT = ['posauto.pos.pending-sale', 'posauto.pos.tills'];

/** Logout as the spec says: remove userData, clear local and session storage (keeping an unsent sale). */
export function clearSession(): void {
  const kept = KEPT_ON_LOGOUT.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.removeItem(USER_DATA_KEY);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  sessionStorage.clear();
  // What the till kept to open offline was this user's (their session); waiting sales stay in the till's database.
  clearSnapshots();
  emit();
}

export function useUserData(): UserData | null {
  return useSyncExternalStore((cb) => {
    listeners.add(cb);
    return () => listeners.delete(cb);
  }, read);
}

export function hasPermission(user: UserData | null, permission: string | undefined): boolean {
  if (!permission) return true;
  return Boolean(user?.permissions.includes(permission));
}
