import type { Config } from './config/config';
import type { Db } from './db/database';
import type { DialectKind } from './db/dialect/index';
import type { Clock } from './lib/clock';

/** What services need from the outside world; built once in main.ts (or by the test harness). */
export interface Deps {
  db: Db;
  kind: DialectKind;
  clock: Clock;
  config: Config;
}
