import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { systemClock } from './lib/clock';
import { DEMO_LOGINS, seedDemoIfEmpty } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase(config.database);
  await migrateToLatest(handle.db, handle.kind);
  const deps = { db: handle.db, kind: handle.kind, clock: systemClock, config };
  const seeded = config.nodeEnv !== 'production' && (await seedDemoIfEmpty(deps));

  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const lines = ['', `POSAUTO is running at http://localhost:${port}  (database: ${where}${seeded ? ', demo data seeded' : ''})`];
  if (config.nodeEnv !== 'production') {
    lines.push('Demo logins:', ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(24)} ${l.password.padEnd(12)} ${l.who}`));
  }
  lines.push(`API documentation: http://localhost:${port}/api/docs`, '');
  process.stdout.write(`${lines.join('\n')}\n`);

  // Graceful shutdown: stop accepting, finish requests in flight, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof ConfigError ? e.message : ((e as Error).stack ?? String(e))}\n`);
  process.exit(1);
});
