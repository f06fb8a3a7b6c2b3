import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The real server (built) on its own port with a fresh SQLite database and the demo data.
const port = Number(process.env.E2E_PORT ?? 3197);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'posauto-e2e-'));
const root = resolve(new URL('.', import.meta.url).pathname, '../..');
// Builds to test: the defaults are the workspace's own dist folders; a parallel build can point elsewhere.
const webDist = process.env.E2E_WEB_DIST ?? resolve(root, 'apps/web/dist');
const serverMain = process.env.E2E_SERVER_MAIN ?? resolve(root, 'apps/server/dist/main.js');
// Mail from the app goes to the SMTP sink of the global setup, which writes it here (workers inherit the env).
process.env.E2E_MAIL_FILE ??= join(mkdtempSync(join(tmpdir(), 'posauto-e2e-mail-')), 'mail.jsonl');

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/smtp-sink.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: resolve(root, '.test-reports/e2e.json') }]],
  outputDir: resolve(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    // The app registers a service worker (issue #26); the specs that route asset requests (page.route) would not see
    // the requests it answers. e2e/offline-shell.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node ${serverMain}`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
      MAIL_FROM: 'POSAUTO <no-reply@posauto.test>',
    },
  },
});
