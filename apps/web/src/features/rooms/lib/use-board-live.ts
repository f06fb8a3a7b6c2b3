import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FLOOR_STREAM } from '@posauto/shared/schemas/restaurant';
import { useLiveChannel } from '../../../lib/live/use-live-channel';
import { ROOMS_KEY } from '../api/rooms-api';
import { msToNextSecond } from './board-live';

const CHANNEL = { ticket: FLOOR_STREAM.ticket, stream: FLOOR_STREAM.stream };
const EVENTS = ['change', 'ready'] as const;

/**
 * The board follows every device of the branch through the floor channel the tables use (one stream per tab): any
 * event, or a reconnection that may have missed some, reads the board again.
 */
export function useRoomsLive(): void {
  const qc = useQueryClient();
  const reread = () => void qc.invalidateQueries({ queryKey: ROOMS_KEY });
  useLiveChannel(CHANNEL, true, EVENTS, { onEvent: reread, onSync: reread });
}

/**
 * The server's clock to the second: ONE timer for the whole board (each card draws from the value it gives), set for
 * the start of the next server second rather than every 1000 ms, so the counters never skip or repeat a second.
 * Not `enabled` (nothing is timed on the board): no timer at all.
 */
export function useServerSecond(offset: number, enabled: boolean): number {
  const second = () => Math.floor((Date.now() + offset) / 1000) * 1000;
  const [now, setNow] = useState(second);
  useEffect(() => {
    const read = () => Math.floor((Date.now() + offset) / 1000) * 1000;
    setNow(read());
    if (!enabled) return;
    let handle = 0;
    const step = () => {
      setNow(read());
      handle = window.setTimeout(step, msToNextSecond(Date.now(), offset));
    };
    handle = window.setTimeout(step, msToNextSecond(Date.now(), offset));
    return () => window.clearTimeout(handle);
  }, [offset, enabled]);
  return now;
}
