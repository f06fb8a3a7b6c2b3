import { useEffect } from 'react';
import { clearSession, getUserData, LAST_ACTIVE_KEY } from './auth-store';

/** Spec section 9: 12 hours without activity ends the session; last-active time is written every 5 seconds. */
export const INACTIVITY_LIMIT_MS = 12 * 60 * 60 * 1000;
export const LAST_ACTIVE_REFRESH_MS = 5_000;
const EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;

function storedLastActive(): number | null {
  const v = Number(localStorage.getItem(LAST_ACTIVE_KEY));
  return Number.isFinite(v) && v > 0 ? v : null;
}

function expire(): void {
  clearSession();
  window.location.replace('/login');
}

/** On start: a stored last-active time over 12 hours old logs the user out before anything renders. */
export function checkInactivityOnStart(now = Date.now()): void {
  const last = storedLastActive();
  if (getUserData() && last !== null && now - last > INACTIVITY_LIMIT_MS) clearSession();
}

/** While signed in: activity resets the timer; the time is persisted every 5 s and checked at the same pace. */
export function useInactivityLogout(): void {
  useEffect(() => {
    let lastActive = Math.max(Date.now(), storedLastActive() ?? 0);
    const mark = () => {
      lastActive = Date.now();
    };
    for (const e of EVENTS) window.addEventListener(e, mark, { passive: true });
    const timer = window.setInterval(() => {
      // Another tab may have been active more recently.
      lastActive = Math.max(lastActive, storedLastActive() ?? 0);
      if (Date.now() - lastActive > INACTIVITY_LIMIT_MS) return expire();
      localStorage.setItem(LAST_ACTIVE_KEY, String(lastActive));
    }, LAST_ACTIVE_REFRESH_MS);
    return () => {
      for (const e of EVENTS) window.removeEventListener(e, mark);
      window.clearInterval(timer);
    };
  }, []);
}
