// IM login tokens are kept as sha256 digests from here on (security review M1): every stored
// plaintext token is replaced by its digest, in batches, the same way on both engines (SQLite
// has no SHA-256 function, so the digest is computed here).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

const BATCH = 500;

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export async function up(db: Kysely<unknown>): Promise<void> {
  const accounts = db as unknown as Kysely<{ im_accounts: { id: number; token: string } }>;
  let after = 0;
  for (;;) {
    const rows = await accounts
      .selectFrom('im_accounts')
      .select(['id', 'token'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await accounts
        .updateTable('im_accounts')
        .set({ token: sha256Hex(row.token) })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function down(): Promise<void> {
  // A digest cannot be turned back into its token: the tokens stay hashed.
}
