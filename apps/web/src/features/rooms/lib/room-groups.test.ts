import { describe, expect, it } from 'vitest';
import type { RoomBoardRoom } from '@posauto/shared/schemas/rooms';
import { roomGroups, stateCounts } from './room-groups';

const room = (id: string, typeId: string, name: string, sort = 0): RoomBoardRoom => ({
  id,
  branch_id: 'b1',
  type_id: typeId,
  type_name: `type ${typeId}`,
  name,
  sort_order: sort,
  state: 'free',
  cleaning_since: null,
  cleaning_until: null,
  stay: null,
});

describe('the board groups', () => {
  it('lists types in their order, rooms by order then name, and keeps a room of an unlisted type', () => {
    const groups = roomGroups({
      types: [
        { id: 'vip', name: 'VIP' },
        { id: 'small', name: 'Small' },
        { id: 'empty', name: 'Empty' },
      ],
      rooms: [
        room('1', 'small', 'S10'),
        room('2', 'small', 'S2'),
        room('3', 'vip', 'V1', 5),
        room('4', 'vip', 'V9', 1),
        room('5', 'new', 'N1'),
      ],
    });
    expect(groups.map((g) => [g.name, g.rooms.map((r) => r.name)])).toEqual([
      ['VIP', ['V9', 'V1']],
      ['Small', ['S2', 'S10']],
      ['type new', ['N1']],
    ]);
  });

  it('counts the rooms by state', () => {
    const live = new Map([
      ['1', { state: 'free' as const }],
      ['2', { state: 'in_use' as const }],
      ['3', { state: 'free' as const }],
    ]);
    expect(stateCounts(live)).toEqual({ free: 2, in_use: 1, paused: 0, ending: 0, cleaning: 0 });
  });
});
