/**
 * Reads back the messages this server writes (nodemailer output: single part or multipart/alternative,
 * quoted-printable or base64, RFC 2047 encoded headers). Enough for the outbox CLI and the tests; not a
 * general MIME parser. Dev tooling: the server itself never reads mail, so this lives with the CLI.
 */
export interface ReadMessage {
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

type Headers = Map<string, string>;

function splitHead(raw: string): { headers: Headers; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Headers = new Map();
  // Folded header lines start with white space and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=); adjacent words join without the space between. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function boundaryOf(contentType: string): string | null {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? null;
}

/** Every leaf part as [content type, decoded text]. */
function leafParts(headers: Headers, body: string): Array<[string, string]> {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? boundaryOf(type) : null;
  if (!boundary) return [[type.split(';')[0]!.trim().toLowerCase(), decodeBody(body, headers.get('content-transfer-encoding'))]];
  const sections = body.split(`--${boundary}`).slice(1);
  const out: Array<[string, string]> = [];
  for (const section of sections) {
    if (section.startsWith('--')) break;
    const part = splitHead(section.replace(/^\n/, ''));
    out.push(...leafParts(part.headers, part.body.replace(/\n$/, '')));
  }
  return out;
}

export function parseMessage(raw: string): ReadMessage {
  const { headers, body } = splitHead(raw);
  const parts = leafParts(headers, body);
  const find = (type: string) => parts.find(([t]) => t === type)?.[1] ?? '';
  return {
    from: decodeHeader(headers.get('from') ?? ''),
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    date: headers.get('date') ?? '',
    text: find('text/plain').replace(/\n+$/, ''),
    html: find('text/html'),
  };
}
