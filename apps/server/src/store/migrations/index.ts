// The one migrations set, applied in name order on both engines. Add a file, then list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
