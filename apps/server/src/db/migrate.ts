import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DialectKind } from './dialect/index';
import type { Db } from './database';
import { foundation } from './migrations/0001-foundation';
import { stockNotifications } from './migrations/0002-stock-notifications';
import { listIndexes } from './migrations/0003-list-indexes';
import { rolesAndUsers } from './migrations/0004-roles-and-users';
import { signUp } from './migrations/0005-sign-up';
import { catalogueSettings } from './migrations/0006-catalogue-settings';
import { settingLists } from './migrations/0007-setting-lists';
import { shopSettings } from './migrations/0008-shop-settings';
import { products } from './migrations/0009-products';
import { productSearch } from './migrations/0010-product-search';
import { accountsSecurity } from './migrations/0011-accounts-security';
import { mediaUploads } from './migrations/0012-media-uploads';
import { listSearch } from './migrations/0013-list-search';
import { stockLedger } from './migrations/0014-stock-ledger';
import { stockAdjustments } from './migrations/0015-stock-adjustments';
import { stockTransfers } from './migrations/0016-stock-transfers';
import { purchases } from './migrations/0017-purchases';
import { stockBatches } from './migrations/0018-stock-batches';
import { streamTickets } from './migrations/0019-stream-tickets';
import { searchIndexPendingList } from './migrations/0020-search-index-pending-list';
import { stockLevelCounter } from './migrations/0021-stock-level-counter';
import { sales } from './migrations/0022-sales';
import { expenses } from './migrations/0023-expenses';
import { reportFigures } from './migrations/0024-report-figures';
import { reportSpeed } from './migrations/0025-report-speed';
import { nameOrder } from './migrations/0026-name-order';
import { tillTrust } from './migrations/0027-till-trust';
import { auditLogPermission } from './migrations/0028-audit-log-permission';
import { firstMorning } from './migrations/0029-first-morning';
import { purchasePaymentCurrency } from './migrations/0030-purchase-payment-currency';
import { drawerSumIndex } from './migrations/0031-drawer-sum-index';
import { restaurants } from './migrations/0032-restaurants';
import { karaokeRooms } from './migrations/0033-karaoke-rooms';
import { offlineTills } from './migrations/0034-offline-tills';

/** Migrations are listed here in order (statically imported, so the bundled server carries them). */
export function allMigrations(kind: DialectKind): Record<string, Migration> {
  return {
    '0001-foundation': foundation(kind),
    '0002-stock-notifications': stockNotifications(kind),
    '0003-list-indexes': listIndexes(kind),
    '0004-roles-and-users': rolesAndUsers(kind),
    '0005-sign-up': signUp(kind),
    '0006-catalogue-settings': catalogueSettings(kind),
    '0007-setting-lists': settingLists(kind),
    '0008-shop-settings': shopSettings(kind),
    '0009-products': products(kind),
    '0010-product-search': productSearch(kind),
    '0011-accounts-security': accountsSecurity(kind),
    '0012-media-uploads': mediaUploads(kind),
    '0013-list-search': listSearch(kind),
    '0014-stock-ledger': stockLedger(kind),
    '0015-stock-adjustments': stockAdjustments(kind),
    '0016-stock-transfers': stockTransfers(kind),
    '0017-purchases': purchases(kind),
    '0018-stock-batches': stockBatches(kind),
    '0019-stream-tickets': streamTickets(kind),
    '0020-search-index-pending-list': searchIndexPendingList(kind),
    '0021-stock-level-counter': stockLevelCounter(kind),
    '0022-sales': sales(kind),
    '0023-expenses': expenses(kind),
    '0024-report-figures': reportFigures(kind),
    '0025-report-speed': reportSpeed(kind),
    '0026-name-order': nameOrder(kind),
    '0027-till-trust': tillTrust(kind),
    '0028-audit-log-permission': auditLogPermission(kind),
    '0029-first-morning': firstMorning(kind),
    '0030-purchase-payment-currency': purchasePaymentCurrency(kind),
    '0031-drawer-sum-index': drawerSumIndex(kind),
    '0032-restaurants': restaurants(kind),
    '0033-karaoke-rooms': karaokeRooms(kind),
    '0034-offline-tills': offlineTills(kind),
  };
}

export async function migrateToLatest(db: Db, kind: DialectKind): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(kind) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
