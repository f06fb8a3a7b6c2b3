import type { Kysely } from 'kysely';
import type { StockAlertEvent } from '@posauto/shared/schemas/stock-live';
import type { DialectKind } from '../../db/dialect/index';
import { definePurpose, publishLive } from '../../kernel/channels/index';
import { onEvent, STOCK_LEVEL_LOW, type StockLevelLow } from '../../kernel/events';
import { newId } from '../../lib/ids';
import { stockLevelOf } from './stock-notifications.service';

/** The live channel of low-stock alerts: a stock-management user hears its shop's, a branch user its branch's. */
export const STOCK_ALERTS = definePurpose({ name: 'stock-alerts', permission: 'stock-management', scope: 'branch' });

/**
 * Raises a new stock_notifications row live, from inside the transaction that inserted it: listeners (on every
 * server instance) hear it only once that transaction commits, and never when it rolls back.
 */
export async function publishStockAlert(
  trx: Kysely<any>,
  kind: DialectKind,
  row: {
    business_id: string;
    id: string;
    branch_id: string;
    product_id: string | null;
    name: string;
    image: string | null;
    stock_level: number;
    created_at: string;
  },
): Promise<void> {
  // What travels stays far under PostgreSQL's 8000 bytes a notification: the name cut, a long image address left out.
  const alert: StockAlertEvent = {
    id: row.id,
    branch_id: row.branch_id,
    product_id: row.product_id,
    name: row.name.slice(0, 300),
    image: row.image && row.image.length <= 500 ? row.image : null,
    stock_level: stockLevelOf(row.stock_level),
    created_at: row.created_at,
  };
  await publishLive(trx, kind, STOCK_ALERTS, { businessId: row.business_id, branchId: row.branch_id, event: 'alert', data: alert });
}

/** A stock level reached its alert level (the ledger says so): the bell's row, heard live once the document commits. */
async function recordStockAlert({ trx, kind }: { trx: Kysely<any>; kind: DialectKind }, low: StockLevelLow): Promise<void> {
  const raised = {
    business_id: low.businessId,
    id: newId(),
    branch_id: low.branchId,
    product_id: low.productId,
    name: low.name,
    image: low.image,
    stock_level: low.onHand,
    created_at: low.at,
    read_at: null,
  };
  await trx.insertInto('stock_notifications').values(raised).execute();
  await publishStockAlert(trx, kind, raised);
}

onEvent(STOCK_LEVEL_LOW, 'stock-notifications', recordStockAlert);
