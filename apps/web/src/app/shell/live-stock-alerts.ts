import { useQueryClient } from '@tanstack/react-query';
import { STOCK_ALERT_STREAM } from '@posauto/shared/schemas/stock-live';
import { useLiveChannel } from '../../lib/live/use-live-channel';

/** What the stream's events refresh: the bell and the notification screen both read under this key. */
const NOTIFICATIONS_KEY = ['stock-notifications'];

const STOCK_ALERTS = { ticket: STOCK_ALERT_STREAM.ticket, stream: STOCK_ALERT_STREAM.stream };
const EVENTS = ['alert'] as const;

/**
 * Keeps the stock notifications live while a component that shows them is mounted: one stream per tab on the stock
 * alerts' live channel (lib/live), however many components ask. A new alert refreshes the notification queries; so
 * does a (re)connection that may have missed some.
 */
export function useLiveStockAlerts(enabled: boolean): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useLiveChannel(STOCK_ALERTS, enabled, EVENTS, { onEvent: refresh, onSync: refresh });
}
