/**
 * Playwright global setup: a real SMTP server (smtp-server, the server workspace's test dependency, hoisted to
 * the root node_modules) on 127.0.0.1:2525. The app server sends through it (SMTP_URL in the config's
 * webServer env); every received message is appended as one JSON line to E2E_MAIL_FILE for the tests to read.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

// E2E_SMTP_PORT lets two runs on one machine (a developer's and a helper's) use different ports.
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

// eslint-disable-next-line no-restricted-syntax -- Playwright runs the default export of a global setup file.
export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is not set (see playwright.config.ts)');
  writeFileSync(file, '');
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(file, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
