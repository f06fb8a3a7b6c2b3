// npm start: install what is missing, build what is stale, then run the server (API + web app on one port).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? `${ROOT}/apps/web/dist` },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
