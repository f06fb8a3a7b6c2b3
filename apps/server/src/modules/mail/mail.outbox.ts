import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseMessage, type ReadMessage } from './mail.mime';

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

/** The latest `count` messages of the outbox, newest first. */
export async function readOutbox(dataDir: string, count: number): Promise<Array<ReadMessage & { file: string }>> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const latest = names.sort().reverse().slice(0, Math.max(0, count));
  return Promise.all(latest.map(async (name) => ({ file: join(dir, name), ...parseMessage(await readFile(join(dir, name), 'utf8')) })));
}
