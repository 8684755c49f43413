// Page views stored before user agents were redacted hold the native app's `ut=<token>`
// (docs/native-bridge.md): live session tokens in a table nobody prunes. Rewrite those user
// agents the way lizard.ts now stores them. Nothing to undo.
import type { Kysely } from 'kysely';
import { redactTokens } from '../../redact.ts';

interface PageViews {
  lizard_page_views: { id: number; user_agent: string };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<PageViews>;
  const rows = await db
    .selectFrom('lizard_page_views')
    .select(['id', 'user_agent'])
    .where('user_agent', 'like', '%ut=%')
    .execute();
  for (const row of rows) {
    const redacted = redactTokens(row.user_agent);
    if (redacted !== row.user_agent) {
      await db
        .updateTable('lizard_page_views')
        .set({ user_agent: redacted })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

export async function down(): Promise<void> {}
