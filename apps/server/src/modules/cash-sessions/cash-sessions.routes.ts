import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';

/** Routes of this module (issue 12). */
export function cashSessionRoutes(_app: AppInstance, _deps: Deps): void {}
