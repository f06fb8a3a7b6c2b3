/** Table service (migration 0032): the floor, kitchen stations, open orders and their lines, kitchen tickets. */
export interface FloorAreasTable {
  business_id: string;
  id: string;
  branch_id: string;
  name: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface FloorTablesTable {
  business_id: string;
  id: string;
  branch_id: string;
  area_id: string;
  name: string;
  seats: number;
  shape: 'square' | 'round' | 'rectangle';
  /** Cells of the plan (FLOOR_LIMITS.planSize). */
  x: number;
  y: number;
  created_at: string;
  updated_at: string;
}

export interface KitchenStationsTable {
  business_id: string;
  id: string;
  branch_id: string;
  name: string;
  is_default: number;
  print_tickets: number;
  created_at: string;
  updated_at: string;
}

export interface KitchenStationCategoriesTable {
  business_id: string;
  branch_id: string;
  category_id: string;
  station_id: string;
}

export interface TableOrdersTable {
  business_id: string;
  id: string;
  order_number: string;
  branch_id: string;
  /** Null once the order was merged into another. */
  table_id: string | null;
  status: 'open' | 'paid' | 'cancelled';
  guests: number;
  waiter_id: string | null;
  note: string;
  /** The last line number given (lines are numbered in the order they were added). */
  line_seq: number;
  opened_at: string;
  bill_printed_at: string | null;
  /** The last change to the order's lines (a pre-bill printed before it is out of date). */
  changed_at: string;
  paid_at: string | null;
  /** The table is free again: cleared after payment, or the order cancelled or merged. */
  cleared_at: string | null;
  merged_into: string | null;
  created_by: string | null;
  /** A karaoke room's stay (migration 0033): the room the order is in; null for a table's order. */
  room_id: string | null;
}

export interface TableOrderLinesTable {
  business_id: string;
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  /** '' for a product without variants. */
  variant_id: string;
  unit_id: string | null;
  product_name: string;
  unit_name: string | null;
  category_id: string | null;
  /** QTY_SCALE; what the guests have now (0 once wholly voided). */
  quantity: number;
  /** Minor units: the catalogue's price per unit of the line when added. */
  unit_price: number;
  note: string;
  seat: number | null;
  bill: number;
  status: 'active' | 'void';
  /** What the kitchen was told: this quantity, with this note. */
  sent_quantity: number;
  sent_note: string;
  sent_at: string | null;
  station_id: string | null;
  ready_at: string | null;
  void_quantity: number;
  void_reason: string | null;
  voided_by: string | null;
  approved_by: string | null;
  sale_id: string | null;
  split_from: string | null;
  added_by: string | null;
  added_at: string;
  updated_at: string;
}

export interface TableOrderRequestsTable {
  business_id: string;
  idempotency_key: string;
  order_id: string;
  kind: 'add' | 'send' | 'pay' | 'open';
  request_hash: string;
  created_at: string;
}

export interface KitchenTicketsTable {
  business_id: string;
  id: string;
  /** 1, 2, 3... per branch and shop-local day. */
  ticket_number: number;
  branch_id: string;
  station_id: string | null;
  order_id: string;
  status: 'open' | 'ready' | 'done';
  created_by: string | null;
  created_at: string;
  ready_at: string | null;
  done_at: string | null;
}

export interface KitchenTicketLinesTable {
  business_id: string;
  id: string;
  ticket_id: string;
  order_line_id: string;
  line_no: number;
  product_name: string;
  unit_name: string | null;
  /** QTY_SCALE, signed: positive for new and more, negative for less and void, 0 for a note only. */
  quantity: number;
  kind: 'new' | 'more' | 'less' | 'void' | 'note';
  note: string;
  seat: number | null;
  ready_at: string | null;
}

export interface RestaurantTables {
  floor_areas: FloorAreasTable;
  floor_tables: FloorTablesTable;
  kitchen_stations: KitchenStationsTable;
  kitchen_station_categories: KitchenStationCategoriesTable;
  table_orders: TableOrdersTable;
  table_order_lines: TableOrderLinesTable;
  table_order_requests: TableOrderRequestsTable;
  kitchen_tickets: KitchenTicketsTable;
  kitchen_ticket_lines: KitchenTicketLinesTable;
}
