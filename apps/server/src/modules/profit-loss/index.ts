import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Placeholder registered by the lead; the profit-and-loss helper replaces this file. */
export function profitLossRoutes(_app: AppInstance, _deps: Deps): void {}
