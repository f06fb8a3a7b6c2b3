// npm run admin:create -- --email you@example.com --password '…': build if needed, then create a platform administrator.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();
const child = spawn(process.execPath, ['apps/server/dist/admin-create.js', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
