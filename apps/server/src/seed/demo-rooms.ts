import type { Kysely } from 'kysely';
import { BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import type { RateBandInput, RoomTypeInput } from '@posauto/shared/schemas/rooms';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { roomSettingsService, roomStaysService } from '../modules/rooms/index';

type Band = [start: string, end: string, rate: string];
const kinds = (weekday: Band[], weekend: Band[], holiday = weekend): RateBandInput[] => [
  ...weekday.map(([start, end, rate]) => ({ day_kind: 'weekday' as const, start, end, rate })),
  ...weekend.map(([start, end, rate]) => ({ day_kind: 'weekend' as const, start, end, rate })),
  ...holiday.map(([start, end, rate]) => ({ day_kind: 'holiday' as const, start, end, rate })),
];
/** Day and night rates (the night runs past midnight to 02:00), a dearer weekend night. */
const karaokeType = (name: string, day: string, night: string, weekendNight: string, minSpend: string, sort: number): RoomTypeInput => ({
  name,
  bands: kinds(
    [
      ['02:00', '18:00', day],
      ['18:00', '02:00', night],
    ],
    [
      ['02:00', '18:00', day],
      ['18:00', '02:00', weekendNight],
    ],
  ),
  block_minutes: 15,
  first_block_minutes: 60,
  grace_minutes: 5,
  min_spend: minSpend,
  cleaning_minutes: 10,
  sort_order: sort,
});

const KARAOKE: Array<{ type: RoomTypeInput; rooms: string[] }> = [
  { type: karaokeType('Small', '6', '9', '11', '0', 1), rooms: ['S1', 'S2', 'S3'] },
  { type: karaokeType('Medium', '9', '13', '15', '20', 2), rooms: ['M1', 'M2', 'M3'] },
  { type: karaokeType('VIP', '15', '22', '26', '60', 3), rooms: ['VIP1', 'VIP2'] },
];
const CAFE: Array<{ type: RoomTypeInput; rooms: string[] }> = [
  {
    type: {
      name: 'Meeting room',
      bands: kinds([['00:00', '24:00', '5']], [['00:00', '24:00', '6']]),
      block_minutes: 30,
      first_block_minutes: 60,
      grace_minutes: 5,
      min_spend: '0',
      cleaning_minutes: 0,
      sort_order: 1,
    },
    rooms: ['Meeting 1', 'Meeting 2'],
  },
];

/**
 * Rooms billed by time: Demo Karaoke's three room types (day and night rates, a dearer weekend night, a minimum spend
 * in the bigger rooms) and eight rooms; Demo Coffee's meeting rooms rented by the hour. In the branch a shop-level
 * user's board opens on (the first by name), some rooms are in use at first sign-in: a running stay, a booked one.
 */
export async function seedDemoRooms(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, kind: 'karaoke' | 'cafe', inUse: string[]) {
  const branch = await trx
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', shop.businessId)
    .orderBy('name')
    .orderBy('id')
    .executeTakeFirst();
  if (!branch) return;
  const owner: RequestContext = {
    businessId: shop.businessId,
    userId: shop.ownerId,
    branchId: null,
    permissions: new Set(BUSINESS_PERMISSIONS),
    sessionId: 'demo-seed',
    ip: null,
  };
  const settings = roomSettingsService(deps);
  const stays = roomStaysService(deps);
  const ids = new Map<string, string>();
  for (const [i, plan] of (kind === 'karaoke' ? KARAOKE : CAFE).entries()) {
    const type = await settings.createType(trx, owner, plan.type);
    for (const [j, name] of plan.rooms.entries())
      ids.set(name, (await settings.createRoom(trx, owner, { branch_id: branch.id, type_id: type.id, name, sort_order: i * 10 + j })).id);
  }
  for (const [i, name] of inUse.entries()) {
    const room = ids.get(name);
    // Every other room in use was booked for two hours: the board counts it down.
    if (room) await stays.start(trx, owner, room, { guests: 2 + i * 2, booked_minutes: i % 2 ? 120 : 0 }, null);
  }
}
