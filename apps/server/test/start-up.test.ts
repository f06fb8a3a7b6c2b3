import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { hashPassword } from '../src/lib/secrets';
import { startServer, StartupError, type RunningServer } from '../src/start';
import { freshDatabase, type FreshDatabase } from './fresh-database';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const DEMO_EMAILS = [
  'owner@posauto.local',
  'cashier@posauto.local',
  'karaoke@posauto.local',
  'waiter@posauto.local',
  'admin@posauto.local',
];

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs the server's main.ts as `npm start` does (from source, through tsx) and collects its output. */
function runMain(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out, err })));
  return {
    child,
    /** The exit, or a failure when the process neither exits nor is killed within `ms` (it hangs). */
    exit: (ms: number) =>
      Promise.race([
        exited,
        new Promise<Exit>((_, reject) =>
          setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`still running after ${ms} ms (it hangs)\nstdout: ${out}\nstderr: ${err}`));
          }, ms).unref(),
        ),
      ]),
    /** The port once the banner says it serves; fails when it exits first. */
    serving: (ms: number) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not serving after ${ms} ms\nstdout: ${out}\nstderr: ${err}`)), ms);
        const check = () => {
          const m = /POSAUTO is running at http:\/\/[^:\s]+:(\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        };
        child.stdout.on('data', check);
        void exited.then((e) => {
          clearTimeout(timer);
          reject(new Error(`exited ${e.code} before serving\nstdout: ${e.out}\nstderr: ${e.err}`));
        });
      }),
  };
}

describe('starting the server', { timeout: 240_000 }, () => {
  let fresh: FreshDatabase | undefined;
  let running: RunningServer | undefined;
  let blocker: Server | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
    blocker?.close();
    blocker = undefined;
    await fresh?.drop();
    fresh = undefined;
  });

  const configFor = (f: FreshDatabase, env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'development', PORT: '0', LOG_LEVEL: 'silent', ...f.env, ...env });

  /** Gives the demo accounts passwords of their own, all but `keep`. */
  async function changeDemoPasswords(f: FreshDatabase, keep: string[]) {
    const handle = openDatabase(f.target);
    const own = await hashPassword('a-password-of-its-own');
    await handle.db
      .updateTable('users')
      .set({ password_hash: own })
      .where(
        'email',
        'in',
        DEMO_EMAILS.filter((e) => !keep.includes(e)),
      )
      .execute();
    await handle.close();
  }

  it('in development seeds the demo, listens on 127.0.0.1 only, and says loudly that demo logins are active', async () => {
    fresh = await freshDatabase();
    let printed = '';
    running = await startServer(configFor(fresh), { out: (t) => (printed += t) });
    const address = running.app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
    expect(printed).toContain('DEMO LOGINS ARE ACTIVE');
    expect(printed).toContain('including a platform administrator');
    for (const email of DEMO_EMAILS) expect(printed).toContain(email);
    expect(printed).toContain('admin1234');
    const health = await fetch(`http://127.0.0.1:${running.port}/api/v1/health`);
    expect(health.status).toBe(200);
  });

  it('refuses production while any demo account keeps its published password, naming those accounts', async () => {
    fresh = await freshDatabase();
    running = await startServer(configFor(fresh), { out: () => undefined });
    await running.close();
    running = undefined;

    const production = configFor(fresh, { NODE_ENV: 'production', HOST: '127.0.0.1' });
    const refusal = await startServer(production, { out: () => undefined }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartupError);
    for (const email of DEMO_EMAILS) expect((refusal as Error).message).toContain(email);

    await changeDemoPasswords(fresh, ['admin@posauto.local']);
    const still = await startServer(production, { out: () => undefined }).catch((e: unknown) => e);
    expect(still).toBeInstanceOf(StartupError);
    expect((still as Error).message).toContain('admin@posauto.local');
    expect((still as Error).message).not.toContain('owner@posauto.local');

    await changeDemoPasswords(fresh, []);
    let printed = '';
    running = await startServer(production, { out: (t) => (printed += t) });
    expect(printed).toContain('POSAUTO is running');
    expect(printed).not.toContain('DEMO LOGINS');
    expect(printed).not.toContain('admin1234');
  });

  it('listens on every address in production unless HOST says otherwise, and on 127.0.0.1 in development', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  describe('main.ts', () => {
    it('exits 1 with a message on a bad configuration', async () => {
      const run = runMain({ PORT: 'not-a-port', DATA_DIR: '/tmp/posauto-never-used' });
      const e = await run.exit(60_000);
      expect(e.code).toBe(1);
      expect(e.err).toContain('PORT must be a number');
    });

    it('exits non-zero when the database cannot be reached', async () => {
      const run = runMain({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none', DATA_DIR: '/tmp/posauto-never-used' });
      const e = await run.exit(60_000);
      expect(e.code).toBe(1);
    });

    it('exits non-zero when it cannot listen, after opening and seeding the database (nothing left open keeps it alive)', async () => {
      fresh = await freshDatabase();
      blocker = createServer();
      const port = await new Promise<number>((resolve) =>
        blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)),
      );
      const e = await runMain({ ...fresh.env, PORT: String(port) }).exit(120_000);
      expect(e.code).toBe(1);
      expect(e.err).toContain('EADDRINUSE');
    });

    it('exits 1 in production while demo passwords work, naming the accounts', async () => {
      fresh = await freshDatabase();
      running = await startServer(configFor(fresh), { out: () => undefined });
      await running.close();
      running = undefined;
      const e = await runMain({ ...fresh.env, NODE_ENV: 'production', HOST: '127.0.0.1' }).exit(120_000);
      expect(e.code).toBe(1);
      expect(e.err).toContain('Refusing to start in production');
      for (const email of DEMO_EMAILS) expect(e.err).toContain(email);
      expect(e.err).not.toMatch(/\n\s+at /); // a message, not a stack trace
    });

    it('starts two instances together on one empty database: both serve, one demo shop', async () => {
      fresh = await freshDatabase();
      const runs = [runMain(fresh.env), runMain(fresh.env)];
      try {
        const ports = await Promise.all(runs.map((r) => r.serving(180_000)));
        for (const port of ports) {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'owner@posauto.local', password: 'owner1234' }),
          });
          expect(res.status).toBe(200);
        }
      } finally {
        for (const r of runs) r.child.kill('SIGTERM');
      }
      for (const r of runs) expect((await r.exit(30_000)).code).toBe(0);
      const handle = openDatabase(fresh.target);
      const shops = await handle.db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Coffee').execute();
      await handle.close();
      expect(shops).toHaveLength(1);
    });
  });
});
