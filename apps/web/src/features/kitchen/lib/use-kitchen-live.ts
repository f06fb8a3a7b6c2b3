import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KITCHEN_STREAM } from '@posauto/shared/schemas/restaurant';
import { useLiveChannel } from '../../../lib/live/use-live-channel';
import { KITCHEN_KEY } from '../api/kitchen';
import { TICK_MS } from './waiting';

const CHANNEL = { ticket: KITCHEN_STREAM.ticket, stream: KITCHEN_STREAM.stream };
/** `ready` says the stream is (back) up; `change` that a ticket changed. A `resync` comes as onSync. */
const EVENTS = ['change', 'ready'] as const;

/**
 * Keeps the display live: every change re-reads the tickets, and so does a (re)connection that may have missed some.
 * Answers whether the connection is known to be lost (the browser is offline, or the last read failed on the network),
 * so that the screen can say so; coming back online re-reads at once.
 */
export function useKitchenLive(readFailed: boolean): { offline: boolean } {
  const qc = useQueryClient();
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const reread = () => void qc.invalidateQueries({ queryKey: KITCHEN_KEY });
  useLiveChannel(CHANNEL, true, EVENTS, { onEvent: reread, onSync: reread });
  const rereadRef = useRef(reread);
  rereadRef.current = reread;
  useEffect(() => {
    const up = () => {
      setOnline(true);
      rereadRef.current();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return { offline: !online || readFailed };
}

/** The local clock, moved every 15 s (the waiting times on the cards). */
export function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
