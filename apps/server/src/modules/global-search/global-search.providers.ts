import type { Permission } from '@posauto/shared/permissions';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';

/**
 * One kind of record the global search finds. A module that wants its records found exports a provider factory,
 * and the app registers it where it is assembled (app.ts): this module knows no other module. The search asks a
 * provider only when the caller holds its permission.
 */
export interface RecordSearchProvider {
  permission: Permission;
  /** At most `limit` records of the caller's shop matching `q` (never empty), titles in the caller's language via `t`. */
  search(ctx: RequestContext, q: string, limit: number, t: (key: string) => string): Promise<GlobalSearchResult[]>;
}

/** Makes a module's provider from the app's dependencies. */
export type RecordSearchProviderFactory = (deps: Deps) => RecordSearchProvider;
