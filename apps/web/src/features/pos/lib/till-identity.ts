/**
 * This device as a till (issue #26): registered with the server once while online, per branch (a till belongs to
 * one), it numbers every sale it makes from its own series, so the number printed with no connection is final. Kept in
 * local storage under `posauto.pos.tills` (kept at sign-out: it is the device's, not the user's). Taking a number and
 * writing the sale down happen under one Web Lock per till, so two tabs of the same till never give the same number.
 */

export interface TillRef {
  id: string;
  code: string;
  branch_id: string;
  /** The last number this till gave. */
  last_number: number;
}

export const TILLS_KEY = 'posauto.pos.tills';

function readAll(storage: Storage): Record<string, TillRef> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TILLS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, TillRef>) : {};
  } catch {
    return {};
  }
}

/** This device's till in a branch, if it registered there. */
export function tillIn(branchId: string, storage: Storage = localStorage): TillRef | null {
  const t = readAll(storage)[branchId];
  return t && typeof t.id === 'string' && typeof t.code === 'string' && Number.isInteger(t.last_number) ? t : null;
}

export function saveTill(till: TillRef, storage: Storage = localStorage): void {
  const all = readAll(storage);
  all[till.branch_id] = till;
  storage.setItem(TILLS_KEY, JSON.stringify(all));
}

export function forgetTill(branchId: string, storage: Storage = localStorage): void {
  const all = readAll(storage);
  delete all[branchId];
  storage.setItem(TILLS_KEY, JSON.stringify(all));
}

/**
 * Runs `work` holding the till's lock across every tab of this browser (Web Locks). Where the browser has none (plain
 * http by the shop computer's address is not a secure context), it runs as is: one tab per till there.
 */
export function withTillLock<T>(tillId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(`posauto-outbox-${tillId}`, work) as Promise<T>) : work();
}

/** The next number of the branch's till (call under its lock): written down before it is used. */
export function takeNumber(branchId: string, storage: Storage = localStorage): { till: TillRef; number: number } | null {
  const till = tillIn(branchId, storage);
  if (!till) return null;
  const next = { ...till, last_number: till.last_number + 1 };
  saveTill(next, storage);
  return { till: next, number: next.last_number };
}

/**
 * A number given back (call under the till's lock): the sale it was taken for was refused while the cashier was still
 * at the payment, so nothing holds it, and the next sale takes it (the series stays without gaps). Only the last one.
 */
export function giveBack(branchId: string, n: number, storage: Storage = localStorage): void {
  const till = tillIn(branchId, storage);
  if (till && till.last_number === n) saveTill({ ...till, last_number: n - 1 }, storage);
}

/** The server's word on the till: it goes on after the higher of the two (a device whose storage was restored). */
export function mergeServer(branchId: string, server: { id: string; code: string; last_number: number }, storage: Storage = localStorage) {
  const local = tillIn(branchId, storage);
  const last = Math.max(local?.id === server.id ? local.last_number : 0, server.last_number);
  saveTill({ id: server.id, code: server.code, branch_id: branchId, last_number: last }, storage);
}
