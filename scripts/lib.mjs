// Helpers shared by the npm scripts: run a command, check staleness, make sure dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(new URL('..', import.meta.url).pathname);

export function run(cmd, args, options = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...options });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(127));
  });
}

export function runSync(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...options });
  return r.status ?? 1;
}

/** Newest modification time under the given paths (files only), skipping node_modules and dist. */
export function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else if (s.mtimeMs > max) max = s.mtimeMs;
  };
  for (const p of paths) walk(resolve(ROOT, p));
  return max;
}

export function mtime(path) {
  const p = resolve(ROOT, path);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

/** Installs dependencies on a fresh clone (or when the lockfile changed since the last install). */
export async function ensureInstalled() {
  const marker = resolve(ROOT, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime('package-lock.json') <= statSync(marker).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (code !== 0) throw new Error('npm ci failed');
}

const SHARED = ['packages/shared/src', 'packages/shared/package.json'];

/** Builds the web app and the server when their output is missing or older than their sources. */
export async function ensureBuilt() {
  if (
    mtime('apps/web/dist/index.html') <
    newest(['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', ...SHARED])
  ) {
    console.log('Building the web app…');
    if ((await run('npm', ['run', 'build', '-w', '@posauto/web'])) !== 0) throw new Error('web build failed');
  }
  await ensureServerBuilt('main');
}

/** Builds the server (every entry of apps/server/build.mjs) when `dist/<entry>.js` is missing or stale. */
export async function ensureServerBuilt(entry) {
  if (mtime(`apps/server/dist/${entry}.js`) < newest(['apps/server/src', 'apps/server/build.mjs', ...SHARED])) {
    console.log('Building the server…');
    if ((await run('npm', ['run', 'build', '-w', '@posauto/server'])) !== 0) throw new Error('server build failed');
  }
}
