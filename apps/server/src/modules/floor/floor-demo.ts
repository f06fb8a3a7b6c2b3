import type { Kysely } from 'kysely';
import type { TableShape } from '@posauto/shared/schemas/restaurant';
import type { Database } from '../../db/types';
import { newId } from '../../lib/ids';

/** A demo floor: areas with their tables placed on the plan, and stations with the categories each prepares. */
interface DemoFloor {
  areas: ReadonlyArray<{ name: string; tables: readonly Table[] }>;
  /** The first station flagged `isDefault` prepares whatever no station names. `categories`: category names. */
  stations: ReadonlyArray<{ name: string; isDefault: boolean; categories: readonly string[] }>;
}

type Table = { name: string; seats: number; shape: TableShape; x: number; y: number };
const place = (name: string, shape: TableShape, seats: number, x: number, y: number): Table => ({ name, seats, shape, x, y });

/**
 * Demo Karaoke's restaurant: a dining room of eight tables (two-seat rounds along the window, four-seat squares in the
 * middle, two long tables for families at the back), a terrace of four rounds, the kitchen (food, and whatever no
 * station names) and the bar (drinks).
 */
const RESTAURANT_FLOOR: DemoFloor = {
  areas: [
    {
      name: 'Dining room',
      tables: [
        place('D1', 'round', 2, 4, 4),
        place('D2', 'round', 2, 12, 4),
        place('D3', 'round', 2, 20, 4),
        place('D4', 'round', 2, 28, 4),
        place('D5', 'square', 4, 8, 12),
        place('D6', 'square', 4, 24, 12),
        place('D7', 'rectangle', 8, 7, 20),
        place('D8', 'rectangle', 8, 23, 20),
      ],
    },
    {
      name: 'Terrace',
      tables: [
        place('T1', 'round', 4, 4, 6),
        place('T2', 'round', 4, 12, 6),
        place('T3', 'round', 4, 20, 6),
        place('T4', 'round', 4, 28, 6),
      ],
    },
  ],
  stations: [
    { name: 'Kitchen', isDefault: true, categories: ['Khmer food', 'Snacks'] },
    { name: 'Bar', isDefault: false, categories: ['Beer', 'Soft drinks'] },
  ],
};

/** Demo Coffee's few tables by the window, and its coffee bar, which prepares everything. */
const CAFE_FLOOR: DemoFloor = {
  areas: [
    {
      name: 'Café',
      tables: [
        place('C1', 'round', 2, 4, 4),
        place('C2', 'round', 2, 12, 4),
        place('C3', 'square', 4, 4, 12),
        place('C4', 'square', 4, 12, 12),
      ],
    },
  ],
  stations: [{ name: 'Coffee bar', isDefault: true, categories: [] }],
};

/** What the seed made in one branch: its tables' and stations' ids by name. */
export interface SeededFloor {
  tables: Map<string, string>;
  stations: Map<string, string>;
}

/**
 * Seeds a demo floor in each branch (for the demo seed, inside its transaction): Demo Karaoke's restaurant or Demo
 * Coffee's café. Answers the first branch's tables and stations by name.
 */
export async function seedDemoFloor(
  trx: Kysely<Database>,
  shop: { businessId: string; branchIds: readonly string[] },
  at: string,
  kind: 'restaurant' | 'cafe' = 'cafe',
): Promise<SeededFloor> {
  const floor = kind === 'restaurant' ? RESTAURANT_FLOOR : CAFE_FLOOR;
  const biz = shop.businessId;
  const stamps = { created_at: at, updated_at: at };
  const categories = await trx.selectFrom('categories').select(['id', 'name']).where('business_id', '=', biz).execute();
  const first: SeededFloor = { tables: new Map(), stations: new Map() };
  for (const [b, branchId] of shop.branchIds.entries()) {
    for (const [order, a] of floor.areas.entries()) {
      const areaId = newId();
      await trx
        .insertInto('floor_areas')
        .values({ business_id: biz, id: areaId, branch_id: branchId, name: a.name, sort_order: order, ...stamps })
        .execute();
      const rows = a.tables.map((t) => ({ business_id: biz, id: newId(), branch_id: branchId, area_id: areaId, ...t, ...stamps }));
      await trx.insertInto('floor_tables').values(rows).execute();
      if (b === 0) for (const r of rows) first.tables.set(r.name, r.id);
    }
    for (const s of floor.stations) {
      const id = newId();
      await trx
        .insertInto('kitchen_stations')
        .values({ business_id: biz, id, branch_id: branchId, name: s.name, is_default: s.isDefault ? 1 : 0, print_tickets: 0, ...stamps })
        .execute();
      const links = categories.filter((c) => s.categories.includes(c.name));
      if (links.length)
        await trx
          .insertInto('kitchen_station_categories')
          .values(links.map((c) => ({ business_id: biz, branch_id: branchId, category_id: c.id, station_id: id })))
          .execute();
      if (b === 0) first.stations.set(s.name, id);
    }
  }
  return first;
}
