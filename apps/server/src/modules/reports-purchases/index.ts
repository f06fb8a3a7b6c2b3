import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Placeholder registered by the lead; the purchase-reports helper replaces this file. */
export function purchaseReportRoutes(_app: AppInstance, _deps: Deps): void {}
