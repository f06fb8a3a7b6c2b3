import { useSyncExternalStore } from 'react';

/**
 * The till's database in the browser (issue #26, IndexedDB `posauto-till`): the sales waiting to be sent
 * (features/pos/lib/outbox.ts) and what the till needs to open with no connection (the cashier's session, the
 * catalogue: snapshots, written on every good answer and read when the server cannot be reached). IndexedDB, not
 * local storage: it holds a catalogue, survives a crash, and is asked to be persistent (not evicted under pressure).
 */

const DB_NAME = 'posauto-till';
export const OUTBOX = 'outbox';
const SNAPSHOTS = 'snapshots';

let opening: Promise<IDBDatabase | null> | null = null;

/** The till's database, or null where the browser has none (then the till sells online only, as before). */
export function tillDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'key' });
        if (!db.objectStoreNames.contains(SNAPSHOTS)) db.createObjectStore(SNAPSHOTS);
      };
      req.onsuccess = () => {
        // Waiting sales must not be evicted when the device runs short of space (best effort: the browser decides).
        if (typeof navigator !== 'undefined') void navigator.storage?.persist?.().catch(() => false);
        resolve(req.result);
      };
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** One request in its own transaction, settled once the transaction is durable (complete), not merely issued. */
export async function inStore<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T> {
  const db = await tillDb();
  if (!db) throw new Error('IndexedDB unavailable');
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode, { durability: 'strict' });
    const req = work(tx.objectStore(store));
    tx.oncomplete = () => resolve((req ? req.result : undefined) as T);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** A failure that says the server could not be reached (the network, a proxy or the server itself down). */
export function unreachable(e: unknown): boolean {
  // The ApiError's status, read without importing the client (which imports the auth store, which imports this).
  const status = (e as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 0 || status >= 500);
}

/** The last value of each snapshot this page wrote or read: what a failed fetch answers again. */
const written = new Map<string, unknown>();

/**
 * Fetches, keeping the answer as the snapshot `name`; when the server cannot be reached, the last snapshot answers
 * instead (and the till knows it is offline). Other failures (a refusal) are the caller's, as without it.
 */
export async function withSnapshot<T>(name: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    const value = await fetcher();
    setReachable(true);
    // The same object again (the catalogue's 304) is not written again.
    if (written.get(name) !== value) {
      written.set(name, value);
      void inStore(SNAPSHOTS, 'readwrite', (s) => s.put(value, name)).catch(() => undefined);
    }
    return value;
  } catch (e) {
    if (!unreachable(e)) throw e;
    setReachable(false);
    // The same object every time the server stays out of reach: the catalogue's index is not rebuilt after each sale.
    if (written.has(name)) return written.get(name) as T;
    const kept = await inStore<T | undefined>(SNAPSHOTS, 'readonly', (s) => s.get(name)).catch(() => undefined);
    if (kept === undefined) throw e;
    written.set(name, kept);
    return kept;
  }
}

/** Signing out forgets what the till kept for that user (waiting sales stay: they are sent under their cashier). */
export function clearSnapshots(): void {
  written.clear();
  void inStore(SNAPSHOTS, 'readwrite', (s) => s.clear()).catch(() => undefined);
}

// Whether the server answered last time it was asked (the badge's online / offline), with the browser's own word.
let reachable = true;
const reachListeners = new Set<() => void>();
export function setReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  reachListeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  reachListeners.add(l);
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    reachListeners.delete(l);
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};
/** Online: the browser has a network and the server answered the last time it was asked. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => reachable && navigator.onLine);
}
