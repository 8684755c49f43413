// Thread replies in the store: the visible, historyable messages whose indexed thread_root names
// the root, after the root and after the reader's clear of the conversation.
import type { Kysely } from 'kysely';
import type { Database } from '../../../store/index.ts';
import { visibleTo } from '../../messaging/index.ts';

export interface ThreadRoot {
  id: number;
  convKey: string;
  time: number;
}

export interface ThreadPageQuery {
  beginTime?: number;
  /** An endTime of 0 means no end. */
  endTime?: number;
  /** Left out of the page (the last reply of the previous page). */
  excludeId?: number;
  /** Oldest first instead of newest first. */
  reverse: boolean;
  limit: number;
}

/**
 * A page of a thread's replies as the reader sees them, with how many replies there are in all
 * and the time of the newest (undefined when there is none).
 */
export async function threadReplies(
  db: Kysely<Database>,
  reader: { appKey: string; accid: string },
  root: ThreadRoot,
  query: ThreadPageQuery,
) {
  const cleared = await db
    .selectFrom('im_sessions')
    .select('cleared_before')
    .where('app_key', '=', reader.appKey)
    .where('accid', '=', reader.accid)
    .where('conv_key', '=', root.convKey)
    .executeTakeFirst();
  const replies = visibleTo(db.selectFrom('im_messages'), reader.appKey, reader.accid)
    .where('conv_key', '=', root.convKey)
    .where('time', '>', Math.max(root.time, Number(cleared?.cleared_before ?? 0)))
    .where('historyable', '=', 1)
    .where('thread_root', '=', root.id);
  const summary = await replies
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('time').as('latest')])
    .executeTakeFirstOrThrow();
  let page = replies.select(['id', 'seq', 'time', 'body']);
  if (query.beginTime !== undefined) page = page.where('time', '>=', query.beginTime);
  if (query.endTime !== undefined && query.endTime > 0)
    page = page.where('time', '<=', query.endTime);
  if (query.excludeId !== undefined) page = page.where('id', '!=', query.excludeId);
  const rows = await page
    .orderBy('time', query.reverse ? 'asc' : 'desc')
    .limit(query.limit)
    .execute();
  return {
    rows,
    total: Number(summary.total),
    latest: summary.latest === null ? undefined : Number(summary.latest),
  };
}
