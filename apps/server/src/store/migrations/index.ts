// The one migrations set, applied in name order on both engines. Add a file, then list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_im_accounts.ts';
import * as m0003 from './0003_product.ts';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_im_accounts': m0002,
  '0003_product': m0003,
};
