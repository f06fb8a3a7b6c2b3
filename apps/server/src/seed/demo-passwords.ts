import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { verifyPassword } from '../lib/secrets';
import { DEMO_LOGINS } from './demo';

export interface DemoLogin {
  email: string;
  password: string;
  who: string;
}

/**
 * The demo logins that still open an account: each demo email whose stored Argon2 hash verifies the password the
 * README publishes for it. Empty once every demo account is gone or has a password of its own.
 */
export async function activeDemoLogins(db: Kysely<Database>): Promise<DemoLogin[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where(
      'email',
      'in',
      DEMO_LOGINS.map((l) => l.email),
    )
    .execute();
  const active: DemoLogin[] = [];
  for (const login of DEMO_LOGINS) {
    const row = rows.find((r) => r.email.toLowerCase() === login.email);
    if (row && (await verifyPassword(row.password_hash, login.password))) active.push(login);
  }
  return active;
}
