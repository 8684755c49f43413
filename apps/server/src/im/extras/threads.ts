// Thread messages: the root message and a page of its replies (messages whose threadMsg names
// the root). Replies live in the root's conversation, after it; each names its root in the
// indexed thread_root column, filled when it is stored (migration 0016, docs/im-extras.md).
import { LIMITS } from '@morsel/protocol';
import { CommandError, type HandlerTable } from '../gateway/index.ts';
import { toMsg, visibleTo } from '../messaging/index.ts';
import { readableMessage, type ExtrasDeps } from './access.ts';

export function threadHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;

  return {
    async getThreadMsgs({ session }, query) {
      const { beginTime, endTime, lastMsgId, reverse = false } = query;
      if (beginTime !== undefined && endTime !== undefined && endTime > 0 && endTime <= beginTime) {
        throw new CommandError(414, 'endTime must be after beginTime');
      }
      const { row: root } = await readableMessage(deps, session, query.threadMsg.idServer);
      const cleared = await db
        .selectFrom('im_sessions')
        .select('cleared_before')
        .where('app_key', '=', session.appKey)
        .where('accid', '=', session.accid)
        .where('conv_key', '=', root.conv_key)
        .executeTakeFirst();
      const replies = visibleTo(db.selectFrom('im_messages'), session.appKey, session.accid)
        .where('conv_key', '=', root.conv_key)
        .where('time', '>', Math.max(root.time, Number(cleared?.cleared_before ?? 0)))
        .where('historyable', '=', 1)
        .where('thread_root', '=', Number(root.id));

      const summary = await replies
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('time').as('latest')])
        .executeTakeFirstOrThrow();
      let page = replies.select(['id', 'seq', 'time', 'body']);
      if (beginTime !== undefined) page = page.where('time', '>=', beginTime);
      if (endTime !== undefined && endTime > 0) page = page.where('time', '<=', endTime);
      if (lastMsgId !== undefined && /^\d+$/.test(lastMsgId))
        page = page.where('id', '!=', Number(lastMsgId));
      const rows = await page
        .orderBy('time', reverse ? 'asc' : 'desc')
        .limit(query.limit ?? LIMITS.getThreadMsgsMaxLimit)
        .execute();
      return {
        threadMsg: root.msg,
        msgs: rows.map((r) => toMsg({ ...r, id: Number(r.id) })),
        total: Number(summary.total),
        timetag: Number(summary.latest ?? root.time),
      };
    },
  };
}
