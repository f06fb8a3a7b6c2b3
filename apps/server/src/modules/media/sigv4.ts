import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible stores (AWS, MinIO, Cloudflare R2, Wasabi...), header form, with the
 * payload hash signed (x-amz-content-sha256). Written by hand so the server needs no SDK for one PUT and one DELETE.
 */
export interface SignInput {
  method: string;
  /** Host header as sent: host[:port] (the port only when it is not the scheme's default). */
  host: string;
  /** The URI path, each segment already URI-encoded once (see encodeS3Path). */
  path: string;
  /** Query parameters, not encoded. */
  query?: Readonly<Record<string, string>>;
  /** Extra headers to sign and send (Content-Type, Date, x-amz-*...). */
  headers?: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (sha256Hex), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

export interface Signed {
  /** Every header to send, including x-amz-date, x-amz-content-sha256 and authorization (host is left to the client). */
  headers: Record<string, string>;
  signature: string;
  canonicalRequest: string;
  stringToSign: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else is %XX (upper case). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An object key as a URI path: each segment encoded, the slashes kept. */
export function encodeS3Path(bucket: string, key: string): string {
  return `/${[bucket, ...key.split('/')].map(uriEncode).join('/')}`;
}

/** 2013-05-24T00:00:00.000Z -> 20130524T000000Z */
export function amzDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signS3(input: SignInput): Signed {
  const service = input.service ?? 's3';
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const toSign: Record<string, string> = { ...headers, host: input.host };
  const names = Object.keys(toSign).sort();
  const canonicalHeaders = names.map((n) => `${n}:${toSign[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method.toUpperCase(), input.path, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers, signature, canonicalRequest, stringToSign };
}
