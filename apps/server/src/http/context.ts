import type { Permission } from '@posauto/shared/permissions';

/** Who is calling: always taken from the session, never from the request body or headers. */
export interface RequestContext {
  businessId: string;
  userId: string;
  branchId: string | null;
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  ip: string | null;
}
