import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

interface Stored {
  to: string[];
  raw: string;
}

function messagesTo(address: string): Stored[] {
  const file = process.env.E2E_MAIL_FILE;
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Stored)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** The body of a MIME message as text: quoted-printable soft breaks and escapes undone, base64 parts decoded. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const qp = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...body.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...b64].join('\n');
}

/** Waits for message number `seen + 1` to an address and reads the 6-digit code a person would copy from it. */
export async function readCode(address: string, seen = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const list = messagesTo(address);
        if (list.length <= seen) return undefined;
        const text = bodyText(list[list.length - 1]!.raw);
        code = (/^\s{2,}(\d{6})\s*$/m.exec(text) ?? />\s*(\d{6})\s*</.exec(text) ?? /\b(\d{6})\b/.exec(text))?.[1];
        return code;
      },
      { timeout: 15_000, message: `a code emailed to ${address}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

export function mailCount(address: string): number {
  return messagesTo(address).length;
}
