import type { Kysely, Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * Every shop permission before `audit-log` existed, frozen here: a role holding all of them was a full role (an owner,
 * by users/owner-guard.ts). A later key must not change which roles this migration meant.
 */
const SHOP_KEYS_BEFORE = [
  'product-list',
  'product-create',
  'product-edit',
  'product-delete',
  'product-variation',
  'stock-management',
  'stock-listing',
  'purchase-listing',
  'stock-purchase',
  'stock-adjustment',
  'stock-transfer-list',
  'stock-transfer',
  'sale-list',
  'sale-management',
  'sale-invoice',
  'sale-pos',
  'sale-return',
  'sale-quotation',
  'coupon-management',
  'customer-management',
  'expend-management',
  'report-management',
  'sale-report',
  'purchase-report',
  'stock-report',
  'expend-report',
  'profit-lost-report',
  'user-management',
  'create-user',
  'edit-user',
  'delete-user',
  'role-management',
  'role-list',
  'role-create',
  'role-edit',
  'role-delete',
  'branch-user-management',
  'setting',
  'general',
  'general-setting',
  'branch-management',
  'supplier-management',
  'supplier',
  'brand-management',
  'brand',
  'category-management',
  'category',
  'product-unit',
  'adjustment-type',
  'sale-setting',
  'service-management',
  'service',
];

/**
 * The audit log screen's permission (issue #20) for the shops that exist already. New shops get it with the preset
 * Owner role; stored roles keep the keys they were saved with, so without this an existing owner would not see the
 * screen. Granted to the Owner role (is_owner) and to any role that held every shop permission: such a role counts
 * as a full owner role, and must stay one. Not to roles that merely manage roles or users, nor to the Manager or
 * Cashier presets: the log watches them.
 */
export function auditLogPermission(_kind: DialectKind): Migration {
  return {
    async up(db: Kysely<any>) {
      const roles = (await db
        .selectFrom('roles as r')
        .innerJoin('businesses as b', 'b.id', 'r.business_id')
        .select(['r.business_id', 'r.id', 'r.permissions', 'r.is_owner'])
        .where('b.is_platform', '=', 0)
        .execute()) as Array<{ business_id: string; id: string; permissions: string; is_owner: number }>;
      for (const role of roles) {
        let held: unknown;
        try {
          held = JSON.parse(role.permissions);
        } catch {
          continue;
        }
        if (!Array.isArray(held) || held.includes('audit-log')) continue;
        const full = Number(role.is_owner) === 1 || SHOP_KEYS_BEFORE.every((k) => held.includes(k));
        if (!full) continue;
        await db
          .updateTable('roles')
          .set({ permissions: JSON.stringify([...held, 'audit-log']) })
          .where('business_id', '=', role.business_id)
          .where('id', '=', role.id)
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      const roles = (await db.selectFrom('roles').select(['business_id', 'id', 'permissions']).execute()) as Array<{
        business_id: string;
        id: string;
        permissions: string;
      }>;
      for (const role of roles) {
        let held: unknown;
        try {
          held = JSON.parse(role.permissions);
        } catch {
          continue;
        }
        if (!Array.isArray(held) || !held.includes('audit-log')) continue;
        await db
          .updateTable('roles')
          .set({ permissions: JSON.stringify(held.filter((p) => p !== 'audit-log')) })
          .where('business_id', '=', role.business_id)
          .where('id', '=', role.id)
          .execute();
      }
    },
  };
}
