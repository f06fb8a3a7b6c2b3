import { useEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { moveSelection, removeLine, stepQuantity } from '../lib/cart';
import type { CartStore } from '../lib/cart-store';
import { SCAN_MAX_GAP_MS, ScanBuffer } from '../lib/scanner';

/** What the till's keys do, read afresh on every key (the till's latest callbacks). */
export interface TillKeyActions {
  scan: (code: string) => void;
  openPay: () => void;
  holdNow: () => void;
  setDialog: (dialog: 'customer' | 'held' | 'discount') => void;
  setQuery: (query: string) => void;
  submitQuery: (text: string) => void;
}

/** How late the typed-text timer may fire before it lets queued keys in first (ms). */
const LATE_MS = 30;

const isEditable = (el: Element | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The till's keyboard, for a scanner and a person at once: a scanner types a code a few milliseconds per key and ends
 * with Enter (the code is added, wherever the focus is, unless a field other than the search has it); words a person
 * types with the focus nowhere go to the search, and Enter acts on them as typed; + and - change the selected line,
 * Delete removes it, the arrows move the selection; F2 search, F4 customer, F7 held carts, F8 hold, F9 discount, F12
 * or Ctrl+Enter pay. Nothing happens while a dialog is open (`modalOpen`): the dialog has the keys.
 */
export function useTillKeyboard(
  store: CartStore,
  searchRef: RefObject<HTMLInputElement | null>,
  modalOpen: RefObject<boolean>,
  actions: TillKeyActions,
): void {
  const scanner = useRef(new ScanBuffer());
  // What a person typed with the focus outside any field, until Enter or a pause moves it to the search.
  const typed = useRef('');
  const typedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keys = useRef(actions);
  keys.current = actions;
  useEffect(() => {
    const focusSearch = () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current;
      if (modalOpen.current) {
        scanner.current.reset();
        return;
      }
      const target = document.activeElement;
      const inSearch = target === searchRef.current;
      if (!inSearch && isEditable(target)) {
        scanner.current.reset();
        return;
      }
      const fn: Record<string, () => void> = {
        F2: focusSearch,
        F4: () => k.setDialog('customer'),
        F7: () => k.setDialog('held'),
        F8: k.holdNow,
        F9: () => store.get().lines.length > 0 && k.setDialog('discount'),
        F12: k.openPay,
      };
      if (fn[e.key]) {
        e.preventDefault();
        fn[e.key]!();
        return;
      }
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        k.openPay();
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      const now = e.timeStamp;
      if (inSearch) {
        const code = scanner.current.push(e.key, now);
        if (code) {
          e.preventDefault();
          const input = searchRef.current!;
          // The scanner typed into the search field: take its code back out of the query.
          k.setQuery(input.value.endsWith(code) ? input.value.slice(0, -code.length) : input.value);
          k.scan(code);
        }
        return;
      }
      if (e.key === 'Enter') {
        // A scan adds its code; words a person typed, ended by Enter, are a search (not a press of the focused button).
        const code = scanner.current.push('Enter', now);
        const text = typed.current;
        typed.current = '';
        if (typedTimer.current) clearTimeout(typedTimer.current);
        if (code || text) {
          e.preventDefault();
          if (code) k.scan(code);
          else k.submitQuery(text);
        }
        return;
      }
      if (e.key.length === 1) {
        const typing = typed.current !== '';
        if (!typing && (e.key === '+' || e.key === '-')) {
          e.preventDefault();
          const sel = store.get().selected;
          if (sel) store.update((c) => stepQuantity(c, sel, e.key === '+' ? 1 : -1));
          return;
        }
        if (!typing && e.key === ' ') return;
        e.preventDefault();
        scanner.current.push(e.key, now);
        typed.current += e.key;
        // No Enter soon after: a person is typing; what they typed goes to the search field.
        if (typedTimer.current) clearTimeout(typedTimer.current);
        const due = performance.now() + SCAN_MAX_GAP_MS + 50;
        let waited = false;
        const flush = () => {
          // Late (the main thread was busy: a render, a catalogue read): the rest of a scan may still be queued, its
          // keys stamped when they were typed. They go first, once; moving the text now would split the scan in two.
          if (!waited && performance.now() - due > LATE_MS) {
            waited = true;
            typedTimer.current = setTimeout(flush, LATE_MS);
            return;
          }
          const text = typed.current;
          typed.current = '';
          scanner.current.reset();
          if (!text) return;
          // In the field before it has the focus: a key typed meanwhile adds to the text, not replaces it.
          flushSync(() => k.setQuery(text));
          searchRef.current?.focus();
        };
        typedTimer.current = setTimeout(flush, SCAN_MAX_GAP_MS + 50);
        return;
      }
      if (e.key === 'Delete') {
        const sel = store.get().selected;
        if (sel) {
          e.preventDefault();
          store.update((c) => removeLine(c, sel));
        }
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (target && target !== document.body && !(target as HTMLElement).closest?.('[data-testid="pos-lines"]')) return;
        e.preventDefault();
        store.update((c) => moveSelection(c, e.key === 'ArrowDown' ? 1 : -1));
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (typedTimer.current) clearTimeout(typedTimer.current);
    };
  }, [store, searchRef, modalOpen]);
}
