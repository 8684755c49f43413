// The development SMS outbox (sms/provider.ts): messages stored instead of sent.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: { mobile: string; text: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('sms_outbox')
    .values({ mobile: message.mobile, text: message.text, created_at: message.createdAt })
    .execute();
}

/** The latest stored messages of a number, newest first. */
export async function latestOutboxMessages(
  db: Kysely<Database>,
  mobile: string,
  limit: number,
): Promise<{ mobile: string; text: string; createdAt: number }[]> {
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['mobile', 'text', 'created_at'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    mobile: row.mobile,
    text: row.text,
    createdAt: Number(row.created_at),
  }));
}
