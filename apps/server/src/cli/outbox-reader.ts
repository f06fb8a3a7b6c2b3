/**
 * Reads the mail outbox (DATA_DIR/outbox) back: for `npm run mail:outbox` and the tests, never for the server,
 * which only writes to it (modules/mail).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from '../modules/mail/index';
import { parseMessage, type ReadMessage } from './mail-mime';

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
