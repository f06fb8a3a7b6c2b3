// npm run mail:outbox [-- --count N]: the latest mail written to DATA_DIR/outbox (when SMTP_URL is not set),
// for example the code that finishes a sign-up. Builds the server first when it is missing or stale.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureServerBuilt, ROOT } from './lib.mjs';

try {
  await ensureInstalled();
  await ensureServerBuilt('mail-outbox');
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const child = spawn(process.execPath, ['apps/server/dist/mail-outbox.js', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code) => process.exit(code ?? 0));
