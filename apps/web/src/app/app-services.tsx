import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only what might succeed later: never a 4xx answer.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/** Fetches the notifications view and the modals provider ahead of need: the till does, while online (never blank). */
export function preloadServices(): void {
  void import('./notifications-host');
  void import('./modals-host');
}

/** A piece whose code cannot load (offline, an old build) shows nothing, and never takes the screen down with it. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const Notifications = lazy(() => import('./notifications-host').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notifications keep their list in a store of their own; the component that shows them (with its
 * transitions and swipe handling, about 7 KB gzip) is loaded when the first one is shown, and shows it then: a screen
 * that has not notified anything yet, such as the till at start, does not load it (issue #12: 170 KB for /sale-pos).
 */
const ModalsHost = lazy(() => import('./modals-host').then((m) => ({ default: m.ModalsProvider })));
/** What asks @mantine/modals for a modal (modals.open, openConfirmModal…): window events its provider listens to. */
const OPENING = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);
let modalsHost: 'none' | 'loading' | 'ready' = 'none';
const held: CustomEvent[] = [];
function hold(e: Event) {
  if (modalsHost === 'ready') return;
  held.push(e as CustomEvent);
  modalsHost = 'loading';
}

/** Once the provider listens (its layout effect has run), hands it the requests made while it was loading. */
function Replay() {
  useEffect(() => {
    modalsHost = 'ready';
    for (const e of held.splice(0)) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
  }, []);
  return null;
}

/**
 * Mantine's modals provider (with Modal, about 8 KB gzip), loaded when the first modal is asked for: the app opens
 * modals through @mantine/modals' window events only (never useModals), so the provider need not wrap the screens.
 * Requests made before it listens are held and handed over once it does (issue #12: 170 KB for /sale-pos).
 */
function LazyModals() {
  const [wanted, setWanted] = useState(modalsHost !== 'none');
  useEffect(() => {
    const want = (e: Event) => {
      hold(e);
      setWanted(true);
    };
    for (const name of OPENING) window.addEventListener(name, want);
    return () => {
      for (const name of OPENING) window.removeEventListener(name, want);
    };
  }, []);
  return wanted ? (
    <Quiet>
      <Suspense fallback={null}>
        <ModalsHost>
          <Replay />
        </ModalsHost>
      </Suspense>
    </Quiet>
  ) : null;
}

let notified = false;
function LazyNotifications() {
  const state = useNotifications();
  // Once shown, the component stays, so that later notifications (and the last one's exit) need nothing loaded.
  notified ||= state.notifications.length > 0 || state.queue.length > 0;
  return notified ? (
    <Quiet>
      <Suspense fallback={null}>
        <Notifications position="top-center" zIndex={2100} />
      </Suspense>
    </Quiet>
  ) : null;
}

/**
 * Server data (TanStack Query), confirmation dialogs and notifications: what the signed-in shell and the lazy public
 * screens (sign up, OTP, forgot password, public menu) need. Loaded with them, never with the login page (issue #10).
 */
export function AppServices({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LazyModals />
      <LazyNotifications />
      {children}
    </QueryClientProvider>
  );
}
