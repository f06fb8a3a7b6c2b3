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
});

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
  };
}
