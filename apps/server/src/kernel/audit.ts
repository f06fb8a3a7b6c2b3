import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { newId } from '../lib/ids';

export interface AuditEntry {
  businessId: string;
  userId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
  at: string;
}

/** Written inside the caller's transaction, so an action and its audit line land together or not at all. */
export async function writeAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await auditInsert(db, e).execute();
}

/** The insert of one audit line, not yet run: for a caller that sends it with others (db/write-batch.ts). */
export function auditInsert(db: Kysely<Database>, e: AuditEntry) {
  return db.insertInto('audit_log').values({
    business_id: e.businessId,
    id: newId(),
    user_id: e.userId,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId ?? null,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    ip: e.ip ?? null,
    created_at: e.at,
  });
}

/** The audit line of one entity: the caller's context gives business, user and address; the clock the time. */
export function auditEntryFor(clock: { now(): Date }, entity: string) {
  return (
    ctx: { businessId: string; userId: string; ip: string | null },
    action: string,
    entityId: string | null,
    detail?: Record<string, unknown>,
  ): AuditEntry => ({
    businessId: ctx.businessId,
    userId: ctx.userId,
    action,
    entity,
    entityId,
    detail,
    ip: ctx.ip,
    at: clock.now().toISOString(),
  });
}

/** The audit writer of one entity (auditEntryFor, written at once). */
export function auditFor(clock: { now(): Date }, entity: string) {
  const entry = auditEntryFor(clock, entity);
  return (
    db: Kysely<Database>,
    ctx: { businessId: string; userId: string; ip: string | null },
    action: string,
    entityId: string | null,
    detail?: Record<string, unknown>,
  ) => writeAudit(db, entry(ctx, action, entityId, detail));
}
