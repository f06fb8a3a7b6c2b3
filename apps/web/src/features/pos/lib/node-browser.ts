// For unit tests in Node: what the till's modules read of a browser at import (a window that takes listeners, local
// storage in memory) and an IndexedDB that follows the specification in memory (fake-indexeddb). Imported first.
import 'fake-indexeddb/auto';
import { MemoryStorage } from './memory-storage';

export const testStorage = new MemoryStorage();
const g = globalThis as unknown as Record<string, unknown>;
if (!('localStorage' in g)) Object.defineProperty(g, 'localStorage', { value: testStorage, configurable: true });
if (!('window' in g)) {
  const target = new EventTarget();
  g.window = Object.assign(globalThis, {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  });
}
