import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config/config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Deps } from './deps';
import { systemClock, type Clock } from './lib/clock';
import { seedDemoIfEmpty } from './seed/demo';
import { activeDemoLogins, type DemoLogin } from './seed/demo-passwords';

/** A start-up refused for a reason the operator must fix (the message says what); main prints it without a stack. */
export class StartupError extends Error {}

export interface RunningServer {
  app: FastifyInstance;
  port: number;
  /** Stops accepting, finishes requests in flight, closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Where the start-up banner goes (stdout). */
  out?: (text: string) => void;
  /** How long closing may take after a failed start before it is given up (ms). */
  closeTimeoutMs?: number;
}

/**
 * Everything `npm start` does, as a function: migrate, seed the demo data into an empty database (not in
 * production), refuse production while a demo account keeps its published password, serve, print where.
 * On any failure it closes what it opened (server, database pool) before rethrowing, so that nothing keeps the
 * process alive and the caller can exit non-zero.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const out = options.out ?? ((text: string) => void process.stdout.write(text));
  const clock = options.clock ?? systemClock;
  // Migrations and the demo seed run without the requests' time limits (an index built over a big table, waiting
  // for another instance that seeds first), on a connection of their own that is closed before serving.
  let setup: DatabaseHandle | null = openDatabase(config.database);
  let handle: DatabaseHandle | null = null;
  let app: FastifyInstance | undefined;
  try {
    await migrate(setup);
    const seeded = config.nodeEnv !== 'production' && (await seedDemoIfEmpty({ db: setup.db, kind: setup.kind, clock, config }));
    const demo = await activeDemoLogins(setup.db);
    if (config.nodeEnv === 'production' && demo.length) throw new StartupError(productionRefusal(demo));
    const done = setup;
    setup = null;
    await done.close();

    handle = openDatabase(config.database, { timeouts: config.databaseTimeouts });
    const deps: Deps = { db: handle.db, kind: handle.kind, clock, config };
    app = await buildApp(deps);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    out(banner(config, port, seeded, demo));
    const running = app;
    const serving = handle;
    return {
      app: running,
      port,
      async close() {
        await running.close();
        await serving.close();
      },
    };
  } catch (e) {
    await closeQuietly(app, [setup, handle], options.closeTimeoutMs ?? 5_000);
    throw e;
  }
}

/**
 * Migrates to the latest version. Another process migrating the same SQLite file at that moment makes this one's
 * transaction fail as busy (nothing half-applied): try again, and it finds the work done.
 */
async function migrate(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(handle.db, handle.kind);
    } catch (e) {
      if (handle.kind !== 'sqlite' || attempt >= 10) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Closes after a failed start without ever throwing or waiting for good (a pool whose client is stuck). */
async function closeQuietly(app: FastifyInstance | undefined, handles: Array<DatabaseHandle | null>, timeoutMs: number): Promise<void> {
  const work = (async () => {
    await app?.close().catch(() => undefined);
    for (const handle of handles) await handle?.close().catch(() => undefined);
  })();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([work, limit]);
  clearTimeout(timer);
}

function productionRefusal(demo: DemoLogin[]): string {
  return [
    'Refusing to start in production: these accounts still have the demo password published in the README:',
    ...demo.map((l) => `  ${l.email} (${l.who})`),
    'Give each a password of its own (start once without NODE_ENV=production, which listens on 127.0.0.1 only,',
    'and change it on the profile page) or delete these accounts, then start again.',
  ].join('\n');
}

function banner(config: Config, port: number, seeded: boolean, demo: DemoLogin[]): string {
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const host =
    config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = ['', `POSAUTO is running at http://${host}:${port}  (database: ${where}${seeded ? ', demo data seeded' : ''})`];
  if (demo.length) {
    const rule = '!'.repeat(100);
    lines.push(
      rule,
      '!! DEMO LOGINS ARE ACTIVE: anyone who can reach this server can sign in with these published passwords',
      `!! (listening on ${config.host}${demo.some((l) => l.email.startsWith('admin@')) ? ', including a platform administrator' : ''}).`,
      '!! For trying POSAUTO on this machine only; production refuses to start while they work.',
      ...demo.map((l) => `!!   ${l.email.padEnd(24)} ${l.password.padEnd(12)} ${l.who}`),
      rule,
    );
  }
  lines.push(`API documentation: http://${host}:${port}/api/docs`, '');
  return `${lines.join('\n')}\n`;
}
