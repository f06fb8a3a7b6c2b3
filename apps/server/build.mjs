// Bundles the server (with @posauto/shared, which ships as TypeScript) into dist/; npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: {
    main: 'src/main.ts',
    'admin-create': 'src/cli/admin-create.ts',
    'bench-seed': 'src/cli/bench-seed.ts',
    'mail-outbox': 'src/cli/mail-outbox.ts',
  },
  // SERVER_OUT_DIR: a build elsewhere (a second worktree's end-to-end run), leaving dist/ alone.
  outdir: process.env.SERVER_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  absWorkingDir: new URL('.', import.meta.url).pathname,
  logLevel: 'warning',
});
