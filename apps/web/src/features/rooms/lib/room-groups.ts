import type { RoomBoard, RoomBoardRoom, RoomState } from '@posauto/shared/schemas/rooms';
import { ROOM_STATES } from '@posauto/shared/schemas/rooms';
import type { RoomLive } from './board-live';

export interface RoomGroup {
  typeId: string;
  name: string;
  rooms: RoomBoardRoom[];
}

const byOrder = (a: RoomBoardRoom, b: RoomBoardRoom) =>
  a.sort_order - b.sort_order || a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id.localeCompare(b.id);

/**
 * The board's rooms by type, in the types' order (the settings' order), each type's rooms by their own order then
 * name ("Room 2" before "Room 10"). A type without rooms is left out; a room whose type the board does not list (a
 * type renamed between two reads) still shows, under its own type name, last.
 */
export function roomGroups(board: Pick<RoomBoard, 'rooms' | 'types'>): RoomGroup[] {
  const groups = new Map<string, RoomGroup>(board.types.map((t) => [t.id, { typeId: t.id, name: t.name, rooms: [] }]));
  for (const room of board.rooms) {
    let g = groups.get(room.type_id);
    if (!g) {
      g = { typeId: room.type_id, name: room.type_name, rooms: [] };
      groups.set(room.type_id, g);
    }
    g.rooms.push(room);
  }
  return [...groups.values()].filter((g) => g.rooms.length > 0).map((g) => ({ ...g, rooms: g.rooms.sort(byOrder) }));
}

/** How many rooms are in each state now (the board's summary line). */
export function stateCounts(live: ReadonlyMap<string, Pick<RoomLive, 'state'>>): Record<RoomState, number> {
  const counts = Object.fromEntries(ROOM_STATES.map((s) => [s, 0])) as Record<RoomState, number>;
  for (const x of live.values()) counts[x.state] += 1;
  return counts;
}
