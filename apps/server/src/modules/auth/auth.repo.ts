import type { CompiledQuery, Kysely } from 'kysely';
import { preparedOnPostgres } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';

/** What signing in and every request need of a user (users u, roles r, businesses b): who and where, the role's
 * permissions and the state and package of the shop. */
const ACCESS_COLUMNS = [
  'u.business_id',
  'u.branch_id',
  'u.first_name',
  'u.last_name',
  'u.status',
  'r.name as role_name',
  'r.permissions',
  'b.status as business_status',
  'b.is_platform',
  'b.package',
] as const;

export function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .innerJoin('businesses as b', 'b.id', 'u.business_id')
    .select(['u.id', ...ACCESS_COLUMNS, 'u.password_hash'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

/** The session lookup's query, unexecuted: bench/profile-list.ts times its building and compiling. */
export function sessionQuery(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', sameShop('u', 's.user_id'))
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .innerJoin('businesses as b', 'b.id', 's.business_id')
    .select(['s.id as session_id', 's.last_seen_at', 'u.id as user_id', ...ACCESS_COLUMNS])
    .where('s.id', '=', sessionId);
}

type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirst']>>>;
const compiledSession = new WeakMap<Kysely<Database>, CompiledQuery<SessionRow>>();

/**
 * One indexed lookup per request: the session with its user, role and shop. Compiled once per database, and on
 * PostgreSQL planned once per connection (a prepared statement): planning the join cost several times running it.
 */
export async function findSession(db: Kysely<Database>, sessionId: string): Promise<SessionRow | undefined> {
  let compiled = compiledSession.get(db);
  if (!compiled) {
    compiled = sessionQuery(db, '').compile();
    preparedOnPostgres(compiled.sql);
    compiledSession.set(db, compiled);
  }
  const result = await db.executeQuery<SessionRow>({ ...compiled, parameters: [sessionId] });
  return result.rows[0];
}

export async function insertSession(
  db: Kysely<Database>,
  s: { id: string; businessId: string; userId: string; at: string; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      business_id: s.businessId,
      user_id: s.userId,
      created_at: s.at,
      last_seen_at: s.at,
      ip: s.ip,
      user_agent: s.userAgent,
    })
    .execute();
}

export async function touchSession(db: Kysely<Database>, sessionId: string, at: string) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user (disabled, password changed), optionally keeping the current one. */
export async function deleteUserSessions(db: Kysely<Database>, businessId: string, userId: string, keepSessionId?: string) {
  let q = db.deleteFrom('sessions').where('business_id', '=', businessId).where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

export async function deleteBusinessSessions(db: Kysely<Database>, businessId: string) {
  await db.deleteFrom('sessions').where('business_id', '=', businessId).execute();
}
