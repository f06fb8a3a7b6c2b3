import { sql, type Kysely } from 'kysely';
import {
  BUSINESS_PERMISSIONS,
  CASHIER_PERMISSIONS,
  MANAGER_PERMISSIONS,
  PLATFORM_PERMISSIONS,
  type Permission,
} from '@posauto/shared/permissions';
import type { Database } from '../../db/types';
import { translate, type Language } from '../../lib/i18n';
import { newId } from '../../lib/ids';

export type ShopPackage = 'startup' | 'standard' | 'premium';
export type BusinessStatus = 'pending' | 'active' | 'suspended';

export interface NewBusiness {
  shopName: string;
  shopType: string;
  package: ShopPackage | 'platform';
  status: BusinessStatus;
  branches: string[];
  isPlatform?: boolean;
  /**
   * The owner signs in with the password of this Argon2id hash, taken by the caller BEFORE its transaction: hashing
   * takes tens of milliseconds, and an open write transaction holds SQLite's single writer.
   */
  owner: { firstName: string; lastName: string; email: string; phone?: string | null; passwordHash: string };
  /** What sign-up step 3 asks about the shop (phone defaults to the owner's). */
  shop?: { phone?: string | null; address?: string | null; companyName?: string | null; contactName?: string | null; note?: string | null };
  /** The language the preset roles, the walk-in customer and the cash method are named in (default English: the demos). */
  language?: Language;
  /**
   * A shop signed up by its owner: it starts with a Cash method (dollars and riel), the sale settings' default, so
   * that it can take money at once, and with the dashboard's setup checklist open.
   */
  firstMorning?: boolean;
}

export interface CreatedBusiness {
  businessId: string;
  ownerId: string;
  branchIds: string[];
  /** The preset roles' ids by their English name (Owner, Manager, Cashier), whatever language they are named in. */
  roleIds: Record<string, string>;
  /** The shop's default "Walk-in customer" (null for the platform, which sells nothing). */
  walkInCustomerId: string | null;
  /** The Cash method of a signed-up shop (firstMorning), else null. */
  cashMethodId: string | null;
}

/** tenant_counters names of the warehouses and customers lists (their unfiltered totals). */
export const BRANCH_COUNTER = 'branches';
export const CUSTOMER_COUNTER = 'customers';
/** payment_methods' list counter, as the payment-methods module names it (imported from there, it would close a cycle). */
const PAYMENT_METHOD_COUNTER = 'payment_methods';

export type PresetRoleKey = 'owner' | 'manager' | 'cashier';

/**
 * Preset roles every new shop starts with, named in the shop's language (setup.seed.role_<key>) and found by
 * roles.preset_key. `name` is the English name, the key of CreatedBusiness.roleIds. `maxDiscount`: the largest discount
 * (hundredths of a percent of a sale) the role gives without an approval; a cashier gives up to 10%, above it a
 * manager approves on the till's screen.
 */
export const PRESET_ROLES: Array<{ key: PresetRoleKey; name: string; permissions: readonly Permission[]; maxDiscount: number }> = [
  { key: 'owner', name: 'Owner', permissions: BUSINESS_PERMISSIONS, maxDiscount: 10_000 },
  { key: 'manager', name: 'Manager', permissions: MANAGER_PERMISSIONS, maxDiscount: 10_000 },
  { key: 'cashier', name: 'Cashier', permissions: CASHIER_PERMISSIONS, maxDiscount: 1_000 },
];

/** What a shop is seeded with, named in its language: sign-up passes the first branch's name from here too. */
export function seedName(lang: Language, what: 'main_branch' | 'walk_in_customer' | 'cash' | `role_${PresetRoleKey}`): string {
  return translate(lang, `setup.seed.${what}`);
}

/** Adds to a list's tenant counter, creating it when missing (ON CONFLICT works alike on SQLite and PostgreSQL). */
async function addToCounter(trx: Kysely<Database>, businessId: string, name: string, delta: number) {
  await trx
    .insertInto('tenant_counters')
    .values({ business_id: businessId, name, value: delta })
    .onConflict((oc) => oc.columns(['business_id', 'name']).doUpdateSet({ value: sql<number>`tenant_counters.value + excluded.value` }))
    .execute();
}

function slugify(name: string, id: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${base || 'shop'}-${id.slice(-6)}`;
}

/** The preset roles (owner, manager, cashier) named in the shop's language, or the platform's one role. */
async function insertRoles(trx: Kysely<Database>, businessId: string, b: NewBusiness, lang: Language, at: string) {
  const presets = b.isPlatform
    ? [{ key: null, name: 'Platform administrator', label: 'Platform administrator', permissions: PLATFORM_PERMISSIONS, maxDiscount: 0 }]
    : PRESET_ROLES.map((r) => ({ ...r, label: seedName(lang, `role_${r.key}`) }));
  const roleIds: Record<string, string> = {};
  for (const role of presets) {
    const id = newId();
    roleIds[role.name] = id;
    await trx
      .insertInto('roles')
      .values({
        business_id: businessId,
        id,
        name: role.label,
        permissions: JSON.stringify(role.permissions),
        is_preset: 1,
        preset_key: role.key,
        is_owner: role.key === 'owner' ? 1 : 0,
        max_discount: role.maxDiscount,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return roleIds;
}

/** What a shop sells with from its first sale: the Walk-in customer, a Cash method (a shop its owner signed up for) and
 * the sale settings that start new sales with both. */
async function insertSaleSetup(trx: Kysely<Database>, businessId: string, b: NewBusiness, lang: Language, at: string) {
  let cashMethodId: string | null = null;
  const walkInCustomerId = newId();
  await trx
    .insertInto('customers')
    .values({
      business_id: businessId,
      id: walkInCustomerId,
      name: seedName(lang, 'walk_in_customer'),
      customer_type: 'retail',
      company_name: null,
      phone: null,
      email: null,
      address: null,
      member_id: null,
      note: null,
      is_walk_in: 1,
      status: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await addToCounter(trx, businessId, CUSTOMER_COUNTER, 1);
  if (b.firstMorning) {
    // One method of type cash takes both currencies: the till asks dollars and riel of every cash method.
    cashMethodId = newId();
    await trx
      .insertInto('payment_methods')
      .values({
        business_id: businessId,
        id: cashMethodId,
        name: seedName(lang, 'cash'),
        type: 'cash',
        account_details: null,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await addToCounter(trx, businessId, PAYMENT_METHOD_COUNTER, 1);
  }
  await trx
    .insertInto('sale_settings')
    .values({
      business_id: businessId,
      default_customer_id: walkInCustomerId,
      default_payment_method_id: cashMethodId,
      receipt_show_logo: 1,
      receipt_show_address: 1,
      receipt_show_vatin: 1,
      receipt_paper_width: 80,
      receipt_auto_print: 0,
      invoice_prefix: 'INV-',
      quotation_prefix: 'QUO-',
      updated_at: at,
    })
    .execute();
  return { walkInCustomerId, cashMethodId };
}

/**
 * Creates a shop with its branches, preset roles, owner, settings, Walk-in customer and sale settings, inside the
 * caller's transaction, and counts its branches and customers.
 */
export async function createBusiness(trx: Kysely<Database>, b: NewBusiness, at: string): Promise<CreatedBusiness> {
  const businessId = newId();
  const lang = b.language ?? 'en';
  await trx
    .insertInto('businesses')
    .values({
      id: businessId,
      slug: slugify(b.shopName, businessId),
      shop_name: b.shopName,
      shop_type: b.shopType,
      package: b.package,
      status: b.status,
      phone: b.shop?.phone ?? b.owner.phone ?? null,
      address: b.shop?.address ?? null,
      logo: null,
      company_name: b.shop?.companyName ?? null,
      contact_name: b.shop?.contactName ?? null,
      note: b.shop?.note ?? null,
      is_platform: b.isPlatform ? 1 : 0,
      // Only a shop its owner signed up for starts with the setup checklist open (not the demos, nor the platform).
      setup_dismissed_at: b.firstMorning && !b.isPlatform ? null : at,
      created_at: at,
      updated_at: at,
    })
    .execute();

  const branchIds: string[] = [];
  for (const name of b.branches) {
    const id = newId();
    branchIds.push(id);
    await trx
      .insertInto('branches')
      .values({ business_id: businessId, id, name, address: null, phone: null, status: 1, created_at: at, updated_at: at })
      .execute();
  }

  const roleIds = await insertRoles(trx, businessId, b, lang, at);

  const ownerId = newId();
  await trx
    .insertInto('users')
    .values({
      business_id: businessId,
      id: ownerId,
      branch_id: null,
      role_id: Object.values(roleIds)[0]!,
      first_name: b.owner.firstName,
      last_name: b.owner.lastName,
      email: b.owner.email.toLowerCase(),
      phone: b.owner.phone ?? null,
      gender: null,
      status: 'active',
      password_hash: b.owner.passwordHash,
      is_owner: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();

  await trx
    .insertInto('general_settings')
    .values({
      business_id: businessId,
      currency: 'USD',
      local_currency: 'KHR',
      exchange_rate: 41_000_000,
      sale_tax: 0,
      is_exclude_tax: 1,
      time_zone: 'Asia/Phnom_Penh',
      default_branch_id: branchIds[0] ?? null,
      updated_at: at,
    })
    .execute();
  if (branchIds.length) await addToCounter(trx, businessId, BRANCH_COUNTER, branchIds.length);

  const { walkInCustomerId, cashMethodId } = b.isPlatform
    ? { walkInCustomerId: null, cashMethodId: null }
    : await insertSaleSetup(trx, businessId, b, lang, at);

  return { businessId, ownerId, branchIds, roleIds, walkInCustomerId, cashMethodId };
}

export async function addUser(
  trx: Kysely<Database>,
  u: {
    businessId: string;
    roleId: string;
    branchId: string | null;
    firstName: string;
    lastName: string;
    email: string;
    /** Argon2id hash of the password, taken before the transaction (see NewBusiness.owner). */
    passwordHash: string;
    gender?: string | null;
  },
  at: string,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('users')
    .values({
      business_id: u.businessId,
      id,
      branch_id: u.branchId,
      role_id: u.roleId,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email.toLowerCase(),
      phone: null,
      gender: u.gender ?? null,
      status: 'active',
      password_hash: u.passwordHash,
      is_owner: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
