import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FLOOR_STREAM } from '@posauto/shared/schemas/restaurant';
import { useLiveChannel } from '../../../lib/live/use-live-channel';
import { TABLES_KEY } from '../api/tables-api';

const CHANNEL = { ticket: FLOOR_STREAM.ticket, stream: FLOOR_STREAM.stream };
const EVENTS = ['change', 'ready'] as const;

/** The floor and the open order follow every device of the branch: any change (or a missed one) reads them again. */
export function useFloorLive(): void {
  const qc = useQueryClient();
  const reread = () => void qc.invalidateQueries({ queryKey: TABLES_KEY });
  useLiveChannel(CHANNEL, true, EVENTS, { onEvent: reread, onSync: reread });
}

/** The local clock, moved every 30 s (the minutes since a table opened). */
export function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** Whole minutes since a time (never below 0). */
export function minutesSince(iso: string | null, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 60_000));
}
