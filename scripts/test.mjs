// npm test: everything, in order: typecheck, lint, unit tests, server suites on SQLite and PostgreSQL,
// end-to-end tests in Chromium; Prettier checks formatting. Ends with one line "N passed, N failed, N skipped" summed over all suites.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib.mjs';

const REPORTS = resolve(ROOT, '.test-reports');
const CI = process.env.CI === 'true' || process.env.CI === '1';
const REQUIRE_PG = CI || process.env.REQUIRE_POSTGRES === '1';
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.TEST_ONLY?.split(',').filter(Boolean);

const results = [];
const record = (name, passed, failed, skipped = 0, note = '') => results.push({ name, passed, failed, skipped, note });

async function check(name, cmd, args) {
  const code = await run(cmd, args);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

async function vitest(name, root, env = {}) {
  const out = resolve(REPORTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  rmSync(out, { force: true });
  const code = await run('npx', ['vitest', 'run', '--root', root, '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    env: { ...process.env, ...env },
  });
  if (!existsSync(out)) return record(name, 0, 1, 0, `runner exited ${code} without a report`);
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests, code !== 0 && r.numFailedTests === 0 ? `exit ${code}` : '');
}

async function postgresReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureChromium() {
  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('Installing Chromium with apt (Debian package)…');
  await run('apt-get', ['update', '-qq']);
  const code = await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-khmeros'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return code === 0 && existsSync('/usr/bin/chromium');
}

async function e2e() {
  const out = resolve(REPORTS, 'e2e.json');
  rmSync(out, { force: true });
  if (!(await ensureChromium())) {
    if (CI) return record('e2e (chromium)', 0, 1, 0, 'Chromium missing and could not be installed');
    return record('e2e (chromium)', 0, 0, 1, 'skipped: no /usr/bin/chromium (run as root to install it with apt)');
  }
  const code = await run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (!existsSync(out)) return record('e2e (chromium)', 0, 1, 0, `runner exited ${code} without a report`);
  const s = JSON.parse(readFileSync(out, 'utf8')).stats;
  const failed = s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0);
  record('e2e (chromium)', s.expected + s.flaky, failed, s.skipped, s.flaky ? `${s.flaky} flaky` : '');
}

const steps = {
  typecheck: () => check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  lint: () => check('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  // Unformatted code fails the run: format with `npm run format`.
  format: () => check('format (prettier)', 'npx', ['prettier', '--check', '.']),
  shared: () => vitest('unit (shared)', 'packages/shared'),
  web: () => vitest('unit (web)', 'apps/web'),
  sqlite: () => vitest('server (sqlite)', 'apps/server', { TEST_DB: 'sqlite' }),
  pg: async () => {
    if (await postgresReachable()) return vitest('server (postgresql)', 'apps/server', { TEST_DB: 'pg', TEST_DATABASE_URL: PG_URL });
    if (REQUIRE_PG) return record('server (postgresql)', 0, 1, 0, `PostgreSQL required but not reachable at ${PG_URL}`);
    return record('server (postgresql)', 0, 0, 1, `skipped: PostgreSQL not reachable at ${PG_URL}`);
  },
  e2e,
};

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (e) {
  console.error(e.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
mkdirSync(REPORTS, { recursive: true });
for (const [name, step] of Object.entries(steps)) {
  if (only && !only.includes(name)) continue;
  console.log(`\n━━ ${name} ━━`);
  await step();
}

const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\nSuite                  passed  failed  skipped  note');
for (const r of results) {
  console.log(
    `${r.name.padEnd(22)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${r.note}`,
  );
}
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
