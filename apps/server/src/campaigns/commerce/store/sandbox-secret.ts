// The sandbox cashier's signing secret: drawn once per install and kept in `meta`, so every
// process of a cluster verifies the notifies another one signed.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../store/index.ts';
import { rememberedCode } from '../../store/demo-codes.ts';

export function sandboxSecret(db: Kysely<Database>): Promise<string> {
  return rememberedCode(db, 'commerce.sandbox.secret', () => randomBytes(32).toString('hex'));
}
