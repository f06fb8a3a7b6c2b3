/** Keys this feature builds from values (package, shop type, status, action, gender, step) exist for every value. */
import { describe, expect, it } from 'vitest';
import { lookup } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';
import { BUSINESS_STATUSES, GENDERS, PACKAGES, SHOP_TYPES } from '@posauto/shared/schemas/accounts';
import { PERMISSION_GROUPS } from '@posauto/shared/permissions';

const built = [
  ...PACKAGES.flatMap((p) => [`signup.packages.${p}.name`, `signup.packages.${p}.summary`]),
  ...SHOP_TYPES.map((s) => `signup.shop_types.${s}`),
  ...['account', 'verify', 'shop', 'activation'].map((s) => `signup.steps.${s}`),
  ...[
    'menu',
    'qr',
    'pos',
    'stock',
    'reports',
    'staff',
    'one_shop',
    'everything',
    'many_shops',
    'branch_users',
    'transfers',
    'reports_by_branch',
  ].map((f) => `signup.features.${f}`),
  ...BUSINESS_STATUSES.flatMap((s) => [`admin.status.${s}`, `admin.tabs.${s}`]),
  'admin.tabs.all',
  ...['activate', 'suspend', 'reactivate'].flatMap((a) => [
    `admin.actions.${a}`,
    `admin.done.${a}`,
    `admin.confirm.${a}_title`,
    `admin.confirm.${a}_text`,
  ]),
  ...GENDERS.map((g) => `users.genders.${g}`),
  ...['users', 'branch_users'].flatMap((ns) => ['title', 'subtitle', 'create_title', 'edit_title'].map((k) => `${ns}.${k}`)),
  ...PERMISSION_GROUPS.flatMap((g) => [`permissions.groups.${g.key}`, ...g.permissions.map((p) => `permissions.${p}`)]),
];

describe('accounts translation keys built from values', () => {
  it('all exist in English', () => {
    expect(built.filter((k) => !lookup(TRANSLATIONS.en, k))).toEqual([]);
  });
});
