// npm run dev: the server with reload (tsx watch) and the Vite dev server, which proxies /api to it.
import { spawn } from 'node:child_process';
import { ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npx', ['vite'], { cwd: `${ROOT}/apps/web`, stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${port}` } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
