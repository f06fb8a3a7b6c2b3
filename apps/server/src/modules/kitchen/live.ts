import type { Kysely } from 'kysely';
import type { LiveChange } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { DialectKind } from '../../db/dialect/index';
import { definePurpose, publishLive, type ChannelPurpose, type LiveSessions } from '../../kernel/channels/index';
import { authenticateSession, SESSION_IDLE_MS } from '../auth/index';

/**
 * The two live channels of table service, both cut by branch: the floor (every waiter's tablet of the branch) and the
 * kitchen (every kitchen display of the branch). Their events say only what changed; a screen reads it again, so an
 * event lost in a reconnect costs a re-read (`resync`), never a wrong screen.
 */
export const FLOOR_LIVE = definePurpose({ name: 'floor', permission: 'table-service', scope: 'branch' });
export const KITCHEN_LIVE = definePurpose({ name: 'kitchen', permission: 'kitchen-display', scope: 'branch' });

/** Tells a branch's screens on one channel that something changed, on commit of the caller's transaction. */
export function announce(
  trx: Kysely<any>,
  kind: DialectKind,
  purpose: ChannelPurpose,
  businessId: string,
  branchId: string,
  change: LiveChange,
) {
  return publishLive(trx, kind, purpose, { businessId, branchId, event: 'change', data: change });
}

/** How a stream's ticket finds its session, and whether the session is still alive (as the stock alert stream does). */
export function liveSessions(deps: Deps): LiveSessions {
  return {
    authenticate: (sessionId, ip) => authenticateSession(deps, sessionId, ip),
    async alive(sessionId) {
      const s = await deps.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sessionId).executeTakeFirst();
      return Boolean(s) && deps.clock.now().getTime() - new Date(s!.last_seen_at).getTime() <= SESSION_IDLE_MS;
    },
  };
}
