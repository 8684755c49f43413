// Row types of every table, shared by both engines. Times are milliseconds since the epoch
// (bigint columns), flags are 0/1 integers and structured values are JSON text, so that one
// query layer speaks SQLite and PostgreSQL alike (docs/decisions/0002-one-store-two-engines.md).
import type { Generated } from 'kysely';

export interface MetaTable {
  key: string;
  value: string;
}

/** An application of the IM cloud; every IM record is scoped by its appKey. */
export interface ImAppTable {
  app_key: string;
  secret: string;
  name: string;
  created_at: number;
}

/** An IM account (accid) of one app with its login token. */
export interface ImAccountTable {
  id: Generated<number>;
  app_key: string;
  accid: string;
  token: string;
  nick: string;
  disabled: number;
  created_at: number;
  updated_at: number;
}

export interface Database {
  meta: MetaTable;
  im_apps: ImAppTable;
  im_accounts: ImAccountTable;
}
