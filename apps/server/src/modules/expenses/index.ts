import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Placeholder registered by the lead; the expenses helper replaces this file. */
export function expenseRoutes(_app: AppInstance, _deps: Deps): void {}
