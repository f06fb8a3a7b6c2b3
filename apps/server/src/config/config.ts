import { z } from 'zod';
import { resolve } from 'node:path';
import type { DatabaseTimeouts } from '../db/dialect/index';

/** A database time limit in milliseconds: past it the request answers 503 instead of waiting (db/dialect). */
function timeoutMs(name: string, fallback: number) {
  const message = `${name} must be a whole number of milliseconds between 100 and 3600000`;
  return z.coerce.number({ error: message }).int(message).min(100, message).max(3_600_000, message).default(fallback);
}

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV must be one of development, production, test',
      })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1, 'HOST must not be empty').optional(),
    DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v),
        'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)',
      ),
    CORS_ORIGINS: z.string().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' }).optional(),
    SMTP_URL: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v === '' || isSmtpUrl(v),
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587 (leave it unset to write mail to DATA_DIR/outbox)',
      ),
    MAIL_FROM: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v === '' || /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(v.trim()),
        'MAIL_FROM must be an address, e.g. POSAUTO <no-reply@example.com>',
      ),
    S3_ENDPOINT: z
      .string()
      .optional()
      .refine((v) => !v || isHttpUrl(v), 'S3_ENDPOINT must be an http:// or https:// URL, e.g. https://s3.eu-central-1.amazonaws.com'),
    S3_BUCKET: z
      .string()
      .optional()
      .refine(
        (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
        'S3_BUCKET must be a bucket name (lower-case letters, digits, dots and dashes)',
      ),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_REGION: z
      .string()
      .optional()
      .refine((v) => !v || /^[a-z0-9-]{2,32}$/.test(v), 'S3_REGION must be a region name such as us-east-1'),
    S3_PUBLIC_URL: z
      .string()
      .optional()
      .refine((v) => !v || isHttpUrl(v), 'S3_PUBLIC_URL must be an http:// or https:// URL'),
    DB_STATEMENT_TIMEOUT_MS: timeoutMs('DB_STATEMENT_TIMEOUT_MS', 15_000),
    DB_LOCK_TIMEOUT_MS: timeoutMs('DB_LOCK_TIMEOUT_MS', 5_000),
    DB_ACQUIRE_TIMEOUT_MS: timeoutMs('DB_ACQUIRE_TIMEOUT_MS', 5_000),
    BAKONG_API_TOKEN: z
      .string()
      .optional()
      .refine((v) => !v || /^[\x21-\x7e]{10,4096}$/.test(v), 'BAKONG_API_TOKEN must be the token Bakong gave (no spaces)'),
  })
  .superRefine((e, issue) => {
    // An S3 store needs all four; a partial set is a mistake, not a reason to fall back to local files quietly.
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (!s3.some((k) => e[k])) return;
    for (const k of s3) {
      if (!e[k]) issue.addIssue({ code: 'custom', path: [k], message: `${k} must be set too when any of ${s3.join(', ')} is set` });
    }
  });

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

function isSmtpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const DEFAULT_MAIL_FROM = 'POSAUTO <no-reply@posauto.local>';

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** How long a request may wait for the database: a statement, a lock, a pool connection (SQLite: the lock only). */
  databaseTimeouts: DatabaseTimeouts;
  corsOrigins: string[];
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  /** Outgoing mail: through this SMTP server, or (unset) written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where uploaded images go: DATA_DIR/media (served at /media/...) or an S3-compatible bucket. */
  media: MediaConfig;
  /** Bakong Open API token: lets the till ask whether a KHQR payment arrived (unset: the cashier confirms by hand). */
  bakongApiToken: string | undefined;
};

export type MediaConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl: string };

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Development serves demo logins with published passwords: only this machine reaches it unless HOST says otherwise.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: resolve(dataDir, 'posauto.sqlite') },
    databaseTimeouts: { statementMs: e.DB_STATEMENT_TIMEOUT_MS, lockMs: e.DB_LOCK_TIMEOUT_MS, acquireMs: e.DB_ACQUIRE_TIMEOUT_MS },
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    media: mediaConfig(e, dataDir),
    bakongApiToken: e.BAKONG_API_TOKEN || undefined,
  };
}

function mediaConfig(e: z.infer<typeof envSchema>, dataDir: string): MediaConfig {
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
    return { kind: 'local', dir: resolve(dataDir, 'media') };
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  return {
    kind: 's3',
    endpoint,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // Path-style object URLs unless a public base (CDN or bucket website) is given.
    publicUrl: (e.S3_PUBLIC_URL || `${endpoint}/${e.S3_BUCKET}`).replace(/\/+$/, ''),
  };
}
