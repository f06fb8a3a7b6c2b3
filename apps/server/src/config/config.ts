import { z } from 'zod';
import { resolve } from 'node:path';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], {
    error: 'NODE_ENV must be one of development, production, test',
  }).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535').max(65535, 'PORT must be between 0 and 65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z.string().optional().refine(
    (v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)',
  ),
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  }).optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' }).optional(),
  SMTP_URL: z.string().optional().refine(
    (v) => v === undefined || v === '' || isSmtpUrl(v),
    'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587 (leave it unset to write mail to DATA_DIR/outbox)',
  ),
  MAIL_FROM: z.string().optional().refine(
    (v) => v === undefined || v === '' || /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(v.trim()),
    'MAIL_FROM must be an address, e.g. POSAUTO <no-reply@example.com>',
  ),
});

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
  corsOrigins: string[];
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  /** Outgoing mail: through this SMTP server, or (unset) written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
};

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
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(dataDir, 'posauto.sqlite') },
    corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
  };
}
