import { describe, expect, it } from 'vitest';
import type { RoomReportResponse, RoomReportRow } from '@posauto/shared/schemas/room-report';
import { manyBranches, periodDays, reportLines, totalsLine } from './report-rows';

const figures = (used: number, charged: number) => ({
  stays: 1,
  used_minutes: used,
  charged_minutes: charged,
  occupancy: '1.0',
  room_revenue: '1.00',
  min_spend: '0.00',
  food_revenue: '0.00',
  revenue: '1.00',
  food_per_stay: '0.00',
  revenue_per_stay: '1.00',
});
const room = (id: string, type: string, branch = 'b1'): RoomReportRow => ({
  room_id: id,
  room_name: id.toUpperCase(),
  type_id: type,
  type_name: `type ${type}`,
  branch_id: branch,
  branch_name: `branch ${branch}`,
  ...figures(235, 240),
});
const answer = (rows: RoomReportRow[]): RoomReportResponse => ({
  period: {
    period: 'custom',
    from: '2026-11-21',
    to: '2026-11-22',
    time_zone: 'Asia/Phnom_Penh',
    branch_id: null,
    currency: 'USD',
    exchange_rate: '4100',
  },
  available_minutes: 2880,
  rows,
  types: [
    { type_id: 'small', type_name: 'Small', rooms: 2, ...figures(470, 480) },
    { type_id: 'vip', type_name: 'VIP', rooms: 1, ...figures(5, 60) },
  ],
  totals: { rooms: 3, ...figures(6000, 6060) },
  room_types: [],
});

describe('the room report table', () => {
  it("lists each type's rooms then its sub-total, hours as hours and minutes", () => {
    const data = answer([room('s1', 'small'), room('s2', 'small'), room('v1', 'vip')]);
    const lines = reportLines(data);
    expect(lines.map((l) => [l.kind, l.name, l.used_hours, l.charged_hours])).toEqual([
      ['room', 'S1', '03:55', '04:00'],
      ['room', 'S2', '03:55', '04:00'],
      ['type', 'Small', '07:50', '08:00'],
      ['room', 'V1', '03:55', '04:00'],
      ['type', 'VIP', '00:05', '01:00'],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
    expect(totalsLine(data)).toMatchObject({ used_hours: '100:00', charged_hours: '101:00', rooms: 3 });
    expect(periodDays(data)).toBe(2);
  });

  it('names the branch only when the rooms are of more than one', () => {
    expect(manyBranches(answer([room('s1', 'small'), room('v1', 'vip')]))).toBe(false);
    expect(manyBranches(answer([room('s1', 'small'), room('v1', 'vip', 'b2')]))).toBe(true);
    expect(manyBranches(undefined)).toBe(false);
  });
});
