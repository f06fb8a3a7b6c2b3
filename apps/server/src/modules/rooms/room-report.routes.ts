import { formatClock } from '@posauto/shared/schemas/rooms';
import {
  roomReportQuerySchema,
  roomReportResponseSchema,
  type RoomReportResponse,
  type RoomReportRow,
} from '@posauto/shared/schemas/room-report';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { defineReport, sheetColumn as col } from '../../kernel/report-kit';
import { roomReport } from './room-report';

type Figures = Omit<RoomReportRow, 'room_id' | 'room_name' | 'type_id' | 'type_name' | 'branch_id' | 'branch_name'>;
/** A line of the file: a room, a type's sub-total or the total, named in its first two cells. */
type SheetRow = Figures & { type: string; room: string; branch: string };

/** The file's rows as the screen's table shows them: each type's rooms then its sub-total, the total last. */
function sheetRows(data: RoomReportResponse, t: (key: string) => string): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const type of data.types) {
    for (const r of data.rows.filter((x) => x.type_id === type.type_id))
      rows.push({ ...r, type: r.type_name, room: r.room_name, branch: r.branch_name });
    rows.push({ ...type, type: type.type_name, room: t('room_reports.subtotal'), branch: '' });
  }
  rows.push({ ...data.totals, type: t('reports.total'), room: '', branch: '' });
  return rows;
}

const roomReportDefinition = defineReport({
  path: '/api/v1/reports/rooms',
  operationId: 'getRoomReport',
  summary: 'Room report: stays, hours used and charged, occupancy and revenue per room and room type',
  permission: 'sale-report',
  query: roomReportQuerySchema,
  response: roomReportResponseSchema,
  run: roomReport,
  sheet: {
    fileKey: 'pages.room-reports',
    fileName: 'room-report',
    columns: (t, _lang, data: RoomReportResponse) => [
      col<SheetRow>(t, 'room_reports.room_type', (r) => r.type),
      col<SheetRow>(t, 'room_reports.room', (r) => r.room),
      // The branch, when the rooms are of more than one (the screen shows it then too).
      ...(new Set(data.rows.map((r) => r.branch_id)).size > 1 ? [col<SheetRow>(t, 'reports.branch', (r) => r.branch)] : []),
      col<SheetRow>(t, 'room_reports.stays', (r) => r.stays),
      col<SheetRow>(t, 'room_reports.hours_used', (r) => formatClock(r.used_minutes)),
      col<SheetRow>(t, 'room_reports.hours_charged', (r) => formatClock(r.charged_minutes)),
      col<SheetRow>(t, 'room_reports.occupancy', (r) => r.occupancy),
      col<SheetRow>(t, 'room_reports.room_revenue', (r) => r.room_revenue),
      col<SheetRow>(t, 'room_reports.min_spend', (r) => r.min_spend),
      col<SheetRow>(t, 'room_reports.food_revenue', (r) => r.food_revenue),
      col<SheetRow>(t, 'room_reports.revenue', (r) => r.revenue),
      col<SheetRow>(t, 'room_reports.food_per_stay', (r) => r.food_per_stay),
      col<SheetRow>(t, 'room_reports.revenue_per_stay', (r) => r.revenue_per_stay),
    ],
    rows: sheetRows,
  },
});

/** GET /api/v1/reports/rooms and its export, through the report kit (report-management and sale-report). */
export function roomReportRoutes(app: AppInstance, deps: Deps): void {
  roomReportDefinition(app, deps);
}
