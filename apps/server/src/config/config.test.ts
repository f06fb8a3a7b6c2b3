import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The message loadConfig throws for an environment, or null when it accepts it. */
function refusal(env: NodeJS.ProcessEnv): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
}

describe('loadConfig', () => {
  describe('with nothing set', () => {
    const config = loadConfig({});

    it('listens on port 3000', () => {
      expect(config.port).toBe(3000);
    });

    it('keeps its data in ./data, resolved to an absolute path', () => {
      expect(config.dataDir).toBe(resolve('./data'));
    });

    it('uses the embedded SQLite database inside the data directory', () => {
      expect(config.database).toEqual({ kind: 'sqlite', file: resolve('./data', 'posauto.sqlite') });
    });

    it('runs in development with CORS closed', () => {
      expect(config.nodeEnv).toBe('development');
      expect(config.corsOrigins).toEqual([]);
      expect(config.trustProxy).toBe(false);
    });
  });

  it('puts the SQLite file in the DATA_DIR it is given', () => {
    const config = loadConfig({ DATA_DIR: '/srv/posauto' });
    expect(config.dataDir).toBe('/srv/posauto');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/posauto/posauto.sqlite' });
  });

  it('uses PostgreSQL for a postgres:// or postgresql:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pos@db:5432/pos' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://pos@db:5432/pos',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://pos@db/pos' }).database.kind).toBe('postgres');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('reads PORT, NODE_ENV and the CORS origins list', () => {
    const config = loadConfig({ PORT: '8080', NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example, https://b.example,' });
    expect(config).toMatchObject({ port: 8080, nodeEnv: 'production', corsOrigins: ['https://a.example', 'https://b.example'] });
  });

  it('stays silent in tests and logs at info otherwise, unless LOG_LEVEL says', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('writes mail to the outbox unless SMTP_URL is set, from POSAUTO <no-reply@posauto.local> unless MAIL_FROM says', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'POSAUTO <no-reply@posauto.local>' });
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Shop <shop@example.com>' })).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Shop <shop@example.com>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'shop@example.com' }).mailFrom).toBe('shop@example.com');
  });

  describe('refuses a bad value with a message naming it', () => {
    it('refuses PORT=abc', () => {
      expect(refusal({ PORT: 'abc' })).toBe('Invalid configuration:\n  PORT: PORT must be a number');
    });

    it('refuses a PORT out of range or with a fraction', () => {
      expect(refusal({ PORT: '70000' })).toContain('PORT: PORT must be between 0 and 65535');
      expect(refusal({ PORT: '-1' })).toContain('PORT: PORT must be between 0 and 65535');
      expect(refusal({ PORT: '30.5' })).toContain('PORT: PORT must be a whole number');
    });

    it('refuses DATABASE_URL=mysql://x', () => {
      expect(refusal({ DATABASE_URL: 'mysql://x' })).toBe(
        'Invalid configuration:\n  DATABASE_URL: DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)',
      );
    });

    it('refuses NODE_ENV=foo', () => {
      expect(refusal({ NODE_ENV: 'foo' })).toBe(
        'Invalid configuration:\n  NODE_ENV: NODE_ENV must be one of development, production, test',
      );
    });

    it('refuses an unknown LOG_LEVEL or TRUST_PROXY', () => {
      expect(refusal({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL: LOG_LEVEL must be one of');
      expect(refusal({ TRUST_PROXY: 'yes' })).toContain('TRUST_PROXY: TRUST_PROXY must be true or false');
    });

    it('refuses an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM without an address', () => {
      expect(refusal({ SMTP_URL: 'http://mail.example.com' })).toContain('SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL');
      expect(refusal({ SMTP_URL: 'mail.example.com:587' })).toContain('SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL');
      expect(refusal({ MAIL_FROM: 'POSAUTO' })).toContain('MAIL_FROM: MAIL_FROM must be an address');
      expect(refusal({ MAIL_FROM: 'POSAUTO <nobody>' })).toContain('MAIL_FROM: MAIL_FROM must be an address');
    });

    it('names every bad value at once', () => {
      const message = refusal({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'foo' })!;
      for (const name of ['PORT', 'DATABASE_URL', 'NODE_ENV']) expect(message).toContain(`  ${name}: `);
    });
  });

  it('limits database waits to 15 s a statement, 5 s a lock and 5 s for a connection unless told otherwise', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ statementMs: 15_000, lockMs: 5_000, acquireMs: 5_000 });
    expect(
      loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30000', DB_LOCK_TIMEOUT_MS: '2000', DB_ACQUIRE_TIMEOUT_MS: '1500' }).databaseTimeouts,
    ).toEqual({ statementMs: 30_000, lockMs: 2_000, acquireMs: 1_500 });
    for (const name of ['DB_STATEMENT_TIMEOUT_MS', 'DB_LOCK_TIMEOUT_MS', 'DB_ACQUIRE_TIMEOUT_MS'])
      for (const bad of ['0', '-5', '2.5', 'soon', '3600001'])
        expect(refusal({ [name]: bad })).toContain(`${name}: ${name} must be a whole number of milliseconds between 100 and 3600000`);
  });
});
