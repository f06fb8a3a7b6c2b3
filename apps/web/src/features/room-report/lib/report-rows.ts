import { formatClock } from '@posauto/shared/schemas/rooms';
import type { RoomReportResponse, RoomReportRow } from '@posauto/shared/schemas/room-report';

type Figures = Omit<RoomReportRow, 'room_id' | 'room_name' | 'type_id' | 'type_name' | 'branch_id' | 'branch_name'>;

/** A line of the room report's table: a room, or a room type's sub-total under its rooms. */
export interface RoomReportLine extends Figures {
  key: string;
  kind: 'room' | 'type';
  /** The room's name, or the type's name on its sub-total. */
  name: string;
  branch_name: string;
  /** Hours and minutes ("03:55"): minutes are exact, hours as a decimal would not be. */
  used_hours: string;
  charged_hours: string;
}

const hours = (x: Figures) => ({ used_hours: formatClock(x.used_minutes), charged_hours: formatClock(x.charged_minutes) });

/**
 * The table's lines in the order of the answer: each type's rooms, then its sub-total (as the export lays them out,
 * so the screen, the print and the file agree).
 */
export function reportLines(data: RoomReportResponse): RoomReportLine[] {
  return data.types.flatMap((type) => [
    ...data.rows
      .filter((r) => r.type_id === type.type_id)
      .map((r): RoomReportLine => ({ ...r, ...hours(r), key: r.room_id, kind: 'room', name: r.room_name })),
    { ...type, ...hours(type), key: `type:${type.type_id}`, kind: 'type', name: type.type_name, branch_name: '' },
  ]);
}

/** The totals row's cells, keyed like the lines. */
export const totalsLine = (data: RoomReportResponse) => ({ ...data.totals, ...hours(data.totals) });

/** Whether the rooms shown are of more than one branch (then the table names each room's branch). */
export const manyBranches = (data: RoomReportResponse | undefined) => new Set((data?.rows ?? []).map((r) => r.branch_id)).size > 1;

/** Days of the period, both ends included (the occupancy note says how many). */
export const periodDays = (data: RoomReportResponse) => Math.round(data.available_minutes / (24 * 60));
