/**
 * The sign-up steps survive a reload within the tab: the verified email's registration_token lives in
 * sessionStorage (never localStorage: it is a short-lived credential) until the shop info is sent.
 */
const KEY = 'posauto-registration';

export interface RegistrationSession {
  email: string;
  token: string;
}

export function saveRegistration(session: RegistrationSession): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function loadRegistration(): RegistrationSession | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<RegistrationSession> | null;
    return v && typeof v.email === 'string' && typeof v.token === 'string' ? { email: v.email, token: v.token } : null;
  } catch {
    return null;
  }
}

export function clearRegistration(): void {
  sessionStorage.removeItem(KEY);
}
