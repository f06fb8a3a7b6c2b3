/**
 * A real SMTP server for tests (smtp-server on a free loopback port) that keeps every message it receives,
 * decoded, so a test can read a code from its mail the way a person would.
 */
import { SMTPServer } from 'smtp-server';
import { parseMessage, type ReadMessage } from '../src/cli/mail-mime';

export const SMTP_USER = 'posauto';
export const SMTP_PASSWORD = 'smtp-secret';

export interface Received extends ReadMessage {
  envelopeTo: string[];
  raw: string;
}

export interface TestSmtp {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: Received[];
  /** Message number `seen + 1` to an address (pass how many it had before the request), waiting up to five seconds. */
  waitFor(to: string, seen: number): Promise<Received>;
  /** Messages received so far for one address. */
  to(address: string): Received[];
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseMessage(raw), envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const to = (a: string) => received.filter((m) => m.envelopeTo.includes(a.toLowerCase()));
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, seen) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const list = to(address);
        if (list.length > seen) return list[seen]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${address} arrived within 5 seconds`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a message's text. */
export function codeIn(message: { text: string }): string {
  const m = /\b(\d{6})\b/.exec(message.text);
  if (!m) throw new Error(`no code in: ${message.text}`);
  return m[1]!;
}
