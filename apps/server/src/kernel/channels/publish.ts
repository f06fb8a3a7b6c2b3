import type { Kysely } from 'kysely';
import type { DialectKind } from '../../db/dialect/index';
import { notifyOnCommit } from '../../db/dialect/notify';
import { newId } from '../../lib/ids';
import type { ChannelPurpose } from './purposes';

/** The one database channel every live event travels on (PostgreSQL NOTIFY, or the SQLite connection's own). */
export const LIVE_DB_CHANNEL = 'posauto_live';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; what goes live is a summary, far under it. */
const MAX_PAYLOAD_BYTES = 7900;

/** One event as it travels between instances: its id, its channel (purpose, shop, branch), its name and data. */
export interface WireEvent {
  id: string;
  purpose: string;
  businessId: string;
  branchId: string | null;
  event: string;
  /** The event's data, already JSON: serialized once, however many streams send it. */
  data: string;
}

export interface LiveMessage {
  businessId: string;
  /** The branch the event belongs to: required on a branch-scoped purpose, null on a shop-scoped one. */
  branchId: string | null;
  /** The SSE event name the browser listens for ('alert', 'ticket', …). */
  event: string;
  data: unknown;
}

const EVENT_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Publishes an event on a live channel from inside the writer's transaction: listeners on every server instance hear
 * it only once that transaction commits, and never when it rolls back (outside a transaction: at once). Answers the
 * event's id, which the streams send as the SSE id so that a reconnecting browser can say what it last saw.
 */
export async function publishLive(trx: Kysely<any>, kind: DialectKind, purpose: ChannelPurpose, message: LiveMessage): Promise<string> {
  if ((purpose.scope === 'branch') !== (message.branchId !== null))
    throw new Error(`a ${purpose.scope}-scoped channel event ${purpose.scope === 'branch' ? 'needs' : 'takes no'} branch`);
  if (!EVENT_NAME.test(message.event) || message.event === 'ready' || message.event === 'resync')
    throw new Error(`bad live event name ${message.event}`);
  const wire: WireEvent = {
    id: newId(),
    purpose: purpose.name,
    businessId: message.businessId,
    branchId: message.branchId,
    event: message.event,
    data: JSON.stringify(message.data),
  };
  const payload = JSON.stringify(wire);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`live event too large for ${purpose.name}`);
  await notifyOnCommit(trx, kind, LIVE_DB_CHANNEL, payload);
  return wire.id;
}

/** A payload heard on the database channel, or null for one this version does not read. */
export function readWire(raw: string): WireEvent | null {
  try {
    const w = JSON.parse(raw) as Partial<WireEvent>;
    if (typeof w.id !== 'string' || typeof w.purpose !== 'string' || typeof w.businessId !== 'string') return null;
    if (typeof w.event !== 'string' || typeof w.data !== 'string') return null;
    return { ...(w as WireEvent), branchId: typeof w.branchId === 'string' ? w.branchId : null };
  } catch {
    return null;
  }
}
