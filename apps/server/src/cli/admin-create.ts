/**
 * Creates a platform administrator (the first one in production, where nothing is seeded).
 * Usage: npm run admin:create -- --email admin@example.com --password 'secret' [--first-name A --last-name B]
 */
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@posauto/shared/schemas/auth';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { addUser, createBusiness } from '../modules/businesses/index';
import { hashPassword } from '../lib/secrets';

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? process.env.ADMIN_EMAIL ?? '');
  const password = passwordSchema.safeParse(values.password ?? process.env.ADMIN_PASSWORD ?? '');
  if (!email.success || !password.success) {
    throw new Error('Give --email and --password (at least 6 characters), or ADMIN_EMAIL and ADMIN_PASSWORD.');
  }
  const config = loadConfig();
  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle.db, handle.kind);
    const taken = await handle.db.selectFrom('users').select('id').where('email', '=', email.data).executeTakeFirst();
    if (taken) throw new Error(`A user with the email ${email.data} already exists.`);
    const at = new Date().toISOString();
    const firstName = values['first-name'] ?? 'Platform';
    const lastName = values['last-name'] ?? 'Admin';
    const passwordHash = await hashPassword(password.data); // before the transaction, which holds the writer
    await handle.db.transaction().execute(async (trx) => {
      const platform = await trx.selectFrom('businesses').select('id').where('is_platform', '=', 1).executeTakeFirst();
      if (!platform) {
        await createBusiness(
          trx,
          {
            shopName: 'POSAUTO Platform',
            shopType: 'other',
            package: 'platform',
            status: 'active',
            branches: [],
            isPlatform: true,
            owner: { firstName, lastName, email: email.data, passwordHash },
          },
          at,
        );
        return;
      }
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('business_id', '=', platform.id)
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      await addUser(
        trx,
        { businessId: platform.id, roleId: role.id, branchId: null, firstName, lastName, email: email.data, passwordHash },
        at,
      );
    });
    process.stdout.write(`Platform administrator ${email.data} created.\n`);
  } finally {
    await handle.close();
  }
}

run().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
