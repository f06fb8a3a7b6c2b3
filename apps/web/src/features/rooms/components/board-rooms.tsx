import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROOM_STATES, type RoomBoard, type RoomBoardRoom } from '@posauto/shared/schemas/rooms';
import hidden from '../../../components/sr-only.module.css';
import { announceKey, boardLive, calendarOf, changedRooms, chargeMemo, planIndex, type RoomLive } from '../lib/board-live';
import { roomGroups, stateCounts } from '../lib/room-groups';
import { useServerSecond } from '../lib/use-board-live';
import { RoomCard, type MoneyLook } from './room-card';
import css from './rooms.module.css';

interface Props {
  board: RoomBoard;
  offset: number;
  look: MoneyLook;
  onStart: (room: RoomBoardRoom) => void;
}

/**
 * The rooms of the board, by type, live: the one timer of the board (useServerSecond) moves the figures of every card
 * from the server's clock; each stay's engine result is kept while its minute lasts (chargeMemo), so a second costs a
 * map read per room in use and only the cards whose figures changed are drawn again.
 */
export function BoardRooms({ board, offset, look, onStart }: Props) {
  const { t } = useTranslation();
  const plans = useMemo(() => planIndex(board.plans), [board.plans]);
  const cal = useMemo(() => calendarOf(board.time_zone, board.holidays), [board.time_zone, board.holidays]);
  const groups = useMemo(() => roomGroups(board), [board]);
  const memo = useMemo(() => chargeMemo(), []);
  const timed = board.rooms.some((r) => r.stay?.status === 'running' || (r.state === 'cleaning' && r.cleaning_until));
  const now = useServerSecond(offset, timed);
  const live = useMemo(() => boardLive(board.rooms, plans, cal, now, memo), [board.rooms, plans, cal, now, memo]);
  const announcement = useAnnouncements(board, live);
  const counts = stateCounts(live);

  return (
    <>
      <Group gap="md" data-testid="room-counts">
        {ROOM_STATES.filter((s) => counts[s] > 0).map((s) => (
          <Text key={s} size="sm" c="dimmed">
            {t(`rooms_ui.state.${s}`)} <b>{counts[s]}</b>
          </Text>
        ))}
      </Group>
      <div className={css.groups}>
        {groups.map((g) => (
          <section key={g.typeId} aria-labelledby={`room-type-${g.typeId}`}>
            <Title order={2} fz="h4" mb="xs" id={`room-type-${g.typeId}`}>
              {g.name}
            </Title>
            <ul className={css.grid}>
              {g.rooms.map((room) => {
                const x = live.get(room.id)!;
                return (
                  <RoomCard
                    key={room.id}
                    room={room}
                    state={x.state}
                    level={x.level}
                    seconds={x.seconds}
                    remaining={x.remaining}
                    amount={x.amount}
                    look={look}
                    onStart={onStart}
                  />
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {/* Polite, and only when a room's state changes (or a booked stay reaches a warning): never the seconds. */}
      <div className={hidden.srOnly} role="status" aria-live="polite" data-testid="rooms-announce">
        {announcement}
      </div>
    </>
  );
}

/** The sentence for the rooms whose state changed since the last second, or the last sentence said. */
function useAnnouncements(board: RoomBoard, live: ReadonlyMap<string, RoomLive>): string {
  const { t } = useTranslation();
  const seen = useRef(new Map<string, string>());
  const [said, setSaid] = useState('');
  useEffect(() => {
    const changed = changedRooms(seen.current, live);
    seen.current = new Map([...live].map(([id, x]) => [id, announceKey(x)]));
    if (changed.length === 0) return;
    const names = new Map(board.rooms.map((r) => [r.id, r.name]));
    const lines = changed.map((id) => {
      const x = live.get(id)!;
      const name = names.get(id) ?? '';
      // The minutes really left (a stay booked for 3 minutes is "late" from its start), rounded up as a clock counts down.
      if (x.level === 'warn' || x.level === 'late')
        return t('rooms_ui.announce.minutes_left', { name, n: Math.ceil((x.remaining ?? 0) / 60) });
      if (x.level === 'over') return t('rooms_ui.announce.time_up', { name });
      return t('rooms_ui.announce.state', { name, state: t(`rooms_ui.state.${x.state}`) });
    });
    setSaid(lines.join('. '));
  }, [live, board.rooms, t]);
  return said;
}
