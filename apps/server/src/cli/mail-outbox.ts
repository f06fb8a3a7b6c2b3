/**
 * Prints the latest messages of the mail outbox (DATA_DIR/outbox), where mail goes when SMTP_URL is not set:
 * read a sign-up or password-reset code on a machine without a mail server.
 * Usage: npm run mail:outbox [-- --count 5]   (or a bare number: npm run mail:outbox -- 3)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { outboxDir } from '../modules/mail/index';
import { readOutbox } from './outbox-reader';

async function run(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { count: { type: 'string', short: 'n' } }, allowPositionals: true });
  const raw = values.count ?? positionals[0] ?? '5';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new Error(`--count must be a whole number from 1 to 1000 (got "${raw}")`);
  const config = loadConfig();
  const messages = await readOutbox(config.dataDir, count);
  const out: string[] = [];
  if (config.smtpUrl) out.push('Note: SMTP_URL is set, so new mail goes to that server, not to the outbox.', '');
  if (!messages.length) out.push(`No mail in ${outboxDir(config.dataDir)} yet.`);
  for (const m of messages) {
    out.push(
      '='.repeat(72),
      `To:      ${m.to}`,
      `Subject: ${m.subject}`,
      `Date:    ${m.date}`,
      `File:    ${m.file}`,
      '-'.repeat(72),
      m.text,
      '',
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

run().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
