/**
 * Which database a deployment runs on. In a file of its own so that the dialect's parts (notify.ts) can name it
 * without importing index.ts, which imports them.
 */
export type DialectKind = 'sqlite' | 'postgres';
