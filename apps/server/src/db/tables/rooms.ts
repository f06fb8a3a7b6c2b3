/** Karaoke rooms (migration 0033): room types and their rate bands, holidays, rooms, stays and their periods. */
export interface RoomTypesTable {
  business_id: string;
  id: string;
  name: string;
  block_minutes: number;
  first_block_minutes: number;
  grace_minutes: number;
  /** Minor units. */
  min_spend: number;
  cleaning_minutes: number;
  sort_order: number;
  /** The product (no stock, in no branch) whose sale lines carry this type's room time. */
  product_id: string;
  created_at: string;
  updated_at: string;
}

export interface RoomRateBandsTable {
  business_id: string;
  type_id: string;
  day_kind: 'weekday' | 'weekend' | 'holiday';
  /** Minutes of the day; an end at or before the start crosses midnight. */
  start_minute: number;
  end_minute: number;
  /** Minor units per hour. */
  rate: number;
}

export interface RoomHolidaysTable {
  business_id: string;
  /** YYYY-MM-DD, the shop's local date. */
  day: string;
  name: string;
}

export interface RoomsTable {
  business_id: string;
  id: string;
  branch_id: string;
  type_id: string;
  name: string;
  sort_order: number;
  cleaning_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoomStaysTable {
  business_id: string;
  id: string;
  branch_id: string;
  order_id: string;
  room_id: string;
  status: 'running' | 'paused' | 'stopped';
  booked_minutes: number;
  started_at: string;
  stopped_at: string | null;
  /** The last period's number (1, 2...). */
  period_seq: number;
  started_by: string | null;
  /** The sale the time was paid on. */
  sale_id: string | null;
}

export interface RoomStayPeriodsTable {
  business_id: string;
  stay_id: string;
  seq: number;
  room_id: string;
  type_id: string;
  started_at: string;
  ended_at: string | null;
}

export interface RoomStayRequestsTable {
  business_id: string;
  idempotency_key: string;
  stay_id: string;
  kind: string;
  request_hash: string;
  created_at: string;
}

export interface RoomTables {
  room_types: RoomTypesTable;
  room_rate_bands: RoomRateBandsTable;
  room_holidays: RoomHolidaysTable;
  rooms: RoomsTable;
  room_stays: RoomStaysTable;
  room_stay_periods: RoomStayPeriodsTable;
  room_stay_requests: RoomStayRequestsTable;
}
