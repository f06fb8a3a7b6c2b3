import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Where mail goes when no SMTP server is configured: one .eml file per message. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** File names sort by time: an ISO instant with the colons made safe, then a random suffix. */
export async function writeToOutbox(dataDir: string, raw: Buffer, at: Date = new Date()): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
  await writeFile(file, raw, { mode: 0o600 });
  return file;
}
