import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Placeholder registered by the lead; the sale-reports helper replaces this file. */
export function saleReportRoutes(_app: AppInstance, _deps: Deps): void {}
