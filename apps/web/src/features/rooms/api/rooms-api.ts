import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoomBoard, RoomStart, Stay } from '@posauto/shared/schemas/rooms';
import { IDEMPOTENCY_HEADER } from '@posauto/shared/schemas/sales';
import { api, ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { uuid } from '../../../lib/uuid';
import { authHeaders, failure } from '../../../components/selling/api/catalogue-api';
import { clockOffset } from '../lib/board-live';
import { sendWithRetries } from '../lib/send-once';

/** Everything the board reads sits under this key: a live event or a change refreshes all of it. */
export const ROOMS_KEY = ['rooms'] as const;
/** The table screens' key (features/tables): a stay is a table order, whose screen reads it again after a change. */
const TABLES_KEY = ['tables'] as const;
import { setShopTimeZone } from '../../../lib/format';

const BASE = '/api/v1';
/** The fallback when the live stream is down. */
const POLL_MS = 30_000;

export const useBranchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>(`${BASE}/branches/options`),
    staleTime: 60_000,
    enabled,
  });

/** The board and the server clock's lead over this device's when it arrived (the board counts from the server's). */
export interface BoardRead {
  board: RoomBoard;
  offset: number;
}

export const useRoomBoard = (branchId: string | null) =>
  useQuery({
    queryKey: [...ROOMS_KEY, 'board', branchId],
    queryFn: async (): Promise<BoardRead> => {
      const sent = Date.now();
      const board = await api.get<RoomBoard>(`${BASE}/room-board`, { branch_id: branchId });
      // Times on the board and the bills are the shop's: a tablet that only ever opens the blank screens learns it here.
      setShopTimeZone(board.time_zone);
      // The server stamped its time somewhere between asking and answering: the middle is the best guess.
      return { board, offset: clockOffset(board.server_time, Math.round((sent + Date.now()) / 2)) };
    },
    refetchInterval: POLL_MS,
  });

/** A POST made once: the same Idempotency-Key on every retry of it. A 204 answers null. */
async function postKeyed<T>(path: string, body: unknown, key: string): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: authHeaders({ 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key }),
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!res.ok) throw await failure(res);
  return res.status === 204 ? null : ((await res.json()) as T);
}

/** What the board and the order screen do to a room or its stay; `key`: a dialog's held key (else a fresh one). */
export type RoomCommand = (
  | { kind: 'start'; roomId: string; body: RoomStart }
  | { kind: 'pause' | 'resume' | 'stop'; stayId: string }
  | { kind: 'extend'; stayId: string; minutes: number }
  | { kind: 'move'; stayId: string; roomId: string }
  | { kind: 'clean'; roomId: string }
) & { key?: string };

function request(c: RoomCommand): { path: string; body: unknown } {
  switch (c.kind) {
    case 'start':
      return { path: `${BASE}/rooms/${c.roomId}/start`, body: c.body };
    case 'clean':
      return { path: `${BASE}/rooms/${c.roomId}/clean`, body: {} };
    case 'extend':
      return { path: `${BASE}/room-stays/${c.stayId}/extend`, body: { minutes: c.minutes } };
    case 'move':
      return { path: `${BASE}/room-stays/${c.stayId}/move`, body: { room_id: c.roomId } };
    default:
      return { path: `${BASE}/room-stays/${c.stayId}/${c.kind}`, body: {} };
  }
}

/**
 * Runs a command with a fresh Idempotency-Key (one per user action), sent again with the same key while the network
 * fails: a retry the server already did answers the same and changes nothing. Answers the stay (null for "clean").
 */
export function runRoomCommand(c: RoomCommand): Promise<Stay | null> {
  const { path, body } = request(c);
  const newKey = c.key ? () => c.key! : uuid;
  return sendWithRetries((key) => postKeyed<{ stay: Stay }>(path, body, key).then((r) => r?.stay ?? null), newKey);
}

/** Every change to a room: the board, and any open order screen, are read again after it. */
export function useRoomCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runRoomCommand,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ROOMS_KEY });
      void qc.invalidateQueries({ queryKey: TABLES_KEY });
    },
  });
}
