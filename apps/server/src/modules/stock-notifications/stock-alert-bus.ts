import type { Kysely } from 'kysely';
import type { StockAlertEvent } from '@posauto/shared/schemas/stock-live';
import type { Deps } from '../../deps';
import { notificationsOf, notifyOnCommit } from '../../db/dialect/notify';
import type { DialectKind } from '../../db/dialect/index';
import { stockLevelOf } from './stock-notifications.service';

/** The database channel stock alerts travel on (PostgreSQL NOTIFY, or the SQLite connection's own). */
export const STOCK_ALERT_CHANNEL = 'posauto_stock_alert';

/** What travels on the channel: the alert and whose it is (a NOTIFY payload stays far under PostgreSQL's 8000 bytes). */
interface Published extends StockAlertEvent {
  business_id: string;
}

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
  const payload: Published = {
    business_id: row.business_id,
    id: row.id,
    branch_id: row.branch_id,
    product_id: row.product_id,
    name: row.name.slice(0, 300),
    image: row.image && row.image.length <= 500 ? row.image : null,
    stock_level: stockLevelOf(row.stock_level),
    created_at: row.created_at,
  };
  await notifyOnCommit(trx, kind, STOCK_ALERT_CHANNEL, JSON.stringify(payload));
}

/** One open stream: whose it is and how to reach it. */
export interface AlertSubscriber {
  businessId: string;
  /** A branch user's branch: it hears only that branch's alerts. Null: the whole shop. */
  branchId: string | null;
  alert(event: StockAlertEvent): void;
  /** Alerts may have been missed (the listening connection was lost and is back). */
  resync(): void;
}

export interface StockAlertBus {
  /** Adds a subscriber; resolves once this instance listens, with the function that removes it. */
  subscribe(sub: AlertSubscriber): Promise<() => void>;
  /** How many streams are open on this instance. */
  readonly size: number;
  close(): Promise<void>;
}

/**
 * The in-process broadcaster, one per app: a single listener on the database channel (on PostgreSQL one dedicated
 * LISTEN connection per instance, opened with the first stream) fans each committed alert out to the open streams
 * of its shop (and branch).
 */
export function createStockAlertBus(deps: Deps): StockAlertBus {
  const subscribers = new Set<AlertSubscriber>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const fanOut = (raw: string) => {
    let event: Published;
    try {
      event = JSON.parse(raw) as Published;
    } catch {
      return;
    }
    const { business_id: businessId, ...alert } = event;
    for (const s of subscribers) {
      if (s.businessId !== businessId || (s.branchId && s.branchId !== alert.branch_id)) continue;
      s.alert(alert);
    }
  };
  const resync = () => {
    for (const s of subscribers) s.resync();
  };
  const listen = () => {
    const source = notificationsOf(deps.db);
    if (!source) throw new Error('this database was not opened by openDatabase: no notifications');
    listening ??= source.listen(STOCK_ALERT_CHANNEL, fanOut, resync).catch((e: unknown) => {
      listening = null;
      throw e;
    });
    return listening;
  };

  return {
    async subscribe(sub) {
      if (closed) throw new Error('closed');
      await listen();
      subscribers.add(sub);
      return () => void subscribers.delete(sub);
    },
    get size() {
      return subscribers.size;
    },
    async close() {
      closed = true;
      subscribers.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
