import type { Config } from '../config';
import type { Db, Dialect } from '../db/database';

/** What every service needs, built once by main.ts or by a test and handed to buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
}
