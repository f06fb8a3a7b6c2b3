import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Routes of this module (issue 12). */
export function couponRoutes(_app: AppInstance, _deps: Deps): void {}
