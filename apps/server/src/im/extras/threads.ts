// Thread messages: the root message and a page of its replies (messages whose threadMsg names
// the root). Replies live in the root's conversation, after it; each names its root in the
// indexed thread_root column, filled when it is stored (migration 0016, docs/im-extras.md).
import { LIMITS } from '@morsel/protocol';
import { CommandError, type HandlerTable } from '../gateway/index.ts';
import { toMsg } from '../messaging/index.ts';
import { threadReplies } from './store/threads-store.ts';
import { readableMessage, type ExtrasDeps } from './access.ts';

export function threadHandlers(deps: ExtrasDeps): HandlerTable {
  return {
    async getThreadMsgs({ session }, query) {
      const { beginTime, endTime, lastMsgId, reverse = false } = query;
      if (beginTime !== undefined && endTime !== undefined && endTime > 0 && endTime <= beginTime) {
        throw new CommandError(414, 'endTime must be after beginTime');
      }
      const { row: root } = await readableMessage(deps, session, query.threadMsg.idServer);
      const { rows, total, latest } = await threadReplies(
        deps.store.db,
        { appKey: session.appKey, accid: session.accid },
        { id: Number(root.id), convKey: root.conv_key, time: Number(root.time) },
        {
          ...(beginTime !== undefined && { beginTime }),
          ...(endTime !== undefined && { endTime }),
          ...(lastMsgId !== undefined &&
            /^\d+$/.test(lastMsgId) && { excludeId: Number(lastMsgId) }),
          reverse,
          limit: query.limit ?? LIMITS.getThreadMsgsMaxLimit,
        },
      );
      return {
        threadMsg: root.msg,
        msgs: rows.map((r) => toMsg({ ...r, id: Number(r.id) })),
        total,
        timetag: latest ?? Number(root.time),
      };
    },
  };
}
