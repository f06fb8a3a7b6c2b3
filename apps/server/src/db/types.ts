import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ExpenseTables } from './tables/expenses';
import type { MediaTables } from './tables/media';
import type { ProductTables } from './tables/products';
import type { PurchaseTables } from './tables/purchases';
import type { RestaurantTables } from './tables/restaurant';
import type { RoomTables } from './tables/rooms';
import type { SaleTables } from './tables/sales';
import type { SettingListTables } from './tables/setting-lists';
import type { ShopSettingTables } from './tables/shop-settings';
import type { StockTables } from './tables/stock';
import type { StockBatchTables } from './tables/stock-batches';
import type { StreamTicketsTable } from './tables/stream-tickets';

/**
 * Conventions: ids are UUIDv7 text; timestamps are ISO-8601 UTC strings (text on SQLite, timestamptz on
 * PostgreSQL, read back as ISO strings); flags are integers 0/1 on both databases; money is integer minor
 * units. Every tenant-owned table has business_id first in its primary key.
 */
export interface BusinessesTable {
  id: string;
  slug: string;
  shop_name: string;
  shop_type: string;
  package: string;
  status: string;
  phone: string | null;
  address: string | null;
  logo: string | null;
  company_name: string | null;
  contact_name: string | null;
  note: string | null;
  is_platform: number;
  created_at: string;
  updated_at: string;
  /** When the owner closed the dashboard's setup checklist; null while it shows (migration 0029). */
  setup_dismissed_at: Generated<string | null>;
}

export interface BranchesTable {
  business_id: string;
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  business_id: string;
  id: string;
  name: string;
  permissions: string;
  is_preset: number;
  /** The shop's Owner role: its permissions always stay every shop permission. */
  is_owner: Generated<number>;
  /** The largest discount, hundredths of a percent of a sale, given without an approval (migration 0027). */
  max_discount: Generated<number>;
  /** owner, manager or cashier for a preset role (migration 0029): found by this key, its name is the shop's language. */
  preset_key: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** A discount above the seller's limit, approved on the till's screen by a user whose role allows it; used once. */
export interface DiscountApprovalsTable {
  business_id: string;
  id: string;
  approver_id: string;
  requested_by: string;
  /** Hundredths of a percent: the most this approval covers. */
  max_percent: number;
  created_at: string;
  expires_at: string;
  sale_id: string | null;
}

export interface UsersTable {
  business_id: string;
  id: string;
  branch_id: string | null;
  role_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  gender: string | null;
  status: string;
  password_hash: string;
  is_owner: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  business_id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  business_id: string;
  id: string;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  ip: string | null;
  created_at: string;
}

export interface AuthThrottleTable {
  key: string;
  window_start: string;
  failures: number;
}

export interface TenantCountersTable {
  business_id: string;
  name: string;
  value: number;
}

export interface GeneralSettingsTable {
  business_id: string;
  currency: string;
  local_currency: string;
  exchange_rate: number;
  sale_tax: number;
  is_exclude_tax: number;
  time_zone: string;
  default_branch_id: string | null;
  updated_at: string;
  /** Added by 0008-shop-settings (all with defaults): a quantity at QTY_SCALE, flags 0/1, receipt texts. */
  default_stock_alert: Generated<number>;
  out_of_stock_sale: Generated<number>;
  edit_date: Generated<number>;
  edit_cost: Generated<number>;
  inline_discount: Generated<number>;
  receipt_footer: Generated<string | null>;
  vatin_number: Generated<string | null>;
}

export interface CategoriesTable {
  business_id: string;
  id: string;
  name: string;
  parent_id: string | null;
  icon: string | null;
  status: number;
  created_at: string;
  updated_at: string;
}

interface SettingRow {
  business_id: string;
  id: string;
  name: string;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface BrandsTable extends SettingRow {
  description: string | null;
}

/** operation_value: how many base units one of this unit is, at FACTOR_SCALE; 1 (FACTOR_SCALE) for a base unit. */
export interface UnitsTable extends SettingRow {
  short_name: string;
  base_unit_id: string | null;
  operation_value: number;
}

export interface SuppliersTable extends SettingRow {
  company: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  note: string | null;
}

export interface PaymentMethodsTable extends SettingRow {
  type: string;
  account_details: string | null;
}

/** A low-stock alert for one branch; stock_level is a quantity at QTY_SCALE (thousandths of the base unit). */
export interface StockNotificationsTable {
  business_id: string;
  id: string;
  branch_id: string;
  product_id: string | null;
  name: string;
  image: string | null;
  stock_level: number;
  created_at: string;
  read_at: string | null;
}

/** A sign-up waiting for its email code (step 2) or its shop info (step 3); not yet a business. */
export interface RegistrationsTable {
  email: string;
  first_name: string;
  last_name: string;
  package: string;
  verified_at: string | null;
  token_hash: string | null;
  token_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The live emailed code of one email and purpose ('signup' | 'reset'), stored as a salted SHA-256. */
export interface EmailCodesTable {
  email: string;
  purpose: string;
  code_hash: string;
  salt: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Later modules keep their table types in db/tables/<module>.ts. */
export interface Database
  extends
    SettingListTables,
    ShopSettingTables,
    ProductTables,
    StockTables,
    StockBatchTables,
    MediaTables,
    PurchaseTables,
    SaleTables,
    RestaurantTables,
    RoomTables,
    ExpenseTables {
  businesses: BusinessesTable;
  branches: BranchesTable;
  roles: RolesTable;
  discount_approvals: DiscountApprovalsTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  auth_throttle: AuthThrottleTable;
  tenant_counters: TenantCountersTable;
  general_settings: GeneralSettingsTable;
  categories: CategoriesTable;
  stock_notifications: StockNotificationsTable;
  registrations: RegistrationsTable;
  email_codes: EmailCodesTable;
  brands: BrandsTable;
  units: UnitsTable;
  suppliers: SuppliersTable;
  payment_methods: PaymentMethodsTable;
  stream_tickets: StreamTicketsTable;
}

export type Business = Selectable<BusinessesTable>;
export type User = Selectable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
export type StockNotificationRow = Selectable<StockNotificationsTable>;
export type NewStockNotification = Insertable<StockNotificationsTable>;
export type { Generated };
