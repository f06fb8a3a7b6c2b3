import type { Permission } from '@posauto/shared/permissions';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { categorySearchProvider } from '../categories/index';
import { productSearchProvider } from '../products/index';

/**
 * One kind of record the global search finds. A module that wants its records found adds one provider to
 * the list below; the search asks it only when the caller holds its permission.
 */
export interface RecordSearchProvider {
  permission: Permission;
  /** At most `limit` records of the caller's shop matching `q` (never empty), titles in the caller's language via `t`. */
  search(ctx: RequestContext, q: string, limit: number, t: (key: string) => string): Promise<GlobalSearchResult[]>;
}

/** Every record provider, in the order their results are listed. */
export function recordSearchProviders(deps: Deps): RecordSearchProvider[] {
  return [categorySearchProvider(deps), productSearchProvider(deps)];
}
