// Quick comments (reactions): an account adds an integer body (an emoji id the application
// chooses) to a message of a conversation it takes part in; adding the same body again updates
// it. Only the commenter deletes it. Both sides' devices are told; the sync replays changes.
import type { ReplyOf } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { pushInChunks } from '../messaging/index.ts';
import {
  keyOfRow,
  pushToConversation,
  readableMessage,
  readableOrSkip,
  writableMessage,
  type ExtrasDeps,
} from './access.ts';
import {
  commentsChangedQuery,
  commentsChangedSince,
  liveComments,
  markCommentDeleted,
  putComment,
  type CommentRow,
} from './store/comments-store.ts';

type Comment = ReplyOf<'addQuickComment'>['comment'];
const PUSH_FIELDS = ['needPush', 'needBadge', 'pushTitle', 'pushContent', 'pushPayload'] as const;

/** A new device gets the comments changed in this many days (older ones: getQuickComments). */
const NEW_DEVICE_DAYS = 7;
const SYNC_MAX = 5_000;

function toComment(row: CommentRow): Comment {
  return {
    from: row.from_accid,
    body: Number(row.body),
    time: Number(row.time),
    ...(row.custom !== null && { custom: row.custom }),
    ...(row.push_options !== null && (JSON.parse(row.push_options) as object)),
  };
}

function pushOptions(
  params: Partial<Record<(typeof PUSH_FIELDS)[number], unknown>>,
): string | null {
  const picked = Object.fromEntries(
    PUSH_FIELDS.filter((f) => params[f] !== undefined).map((f) => [f, params[f]]),
  );
  return Object.keys(picked).length ? JSON.stringify(picked) : null;
}

export function commentHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;
  return {
    async addQuickComment({ session, connection }, params) {
      const { row, conversation } = await writableMessage(deps, session, params.msg.idServer);
      const now = deps.now();
      const comment = {
        appKey: session.appKey,
        messageId: row.id,
        convKey: row.conv_key,
        from: session.accid,
        body: params.body,
        custom: params.custom ?? null,
        pushOptions: pushOptions(params),
      };
      await putComment(db, comment, now);
      const added = toComment({
        from_accid: session.accid,
        body: params.body,
        time: now,
        custom: comment.custom,
        push_options: comment.pushOptions,
      });
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'quickComment',
        { msg: keyOfRow(row), comment: added },
      );
      return { comment: added };
    },

    async deleteQuickComment({ session, connection }, params) {
      const { row, conversation } = await readableMessage(deps, session, params.msg.idServer);
      const now = deps.now();
      // Only the commenter's own comment matches: another account's comment is "not found".
      const target = {
        appKey: session.appKey,
        messageId: row.id,
        from: session.accid,
        body: params.body,
      };
      const found = await markCommentDeleted(db, target, now);
      if (!found) throw new CommandError(404, 'quick comment not found');
      const comment = {
        ...toComment(found),
        time: now,
        ...(params.custom !== undefined && { custom: params.custom }),
      };
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'quickCommentDeleted',
        { msg: keyOfRow(row), comment },
      );
      return { comment };
    },

    async getQuickComments({ session }, { msgs }) {
      const comments: ReplyOf<'getQuickComments'>['comments'] = [];
      for (const key of msgs) {
        const readable = await readableOrSkip(deps, session, key.idServer);
        if (!readable) continue; // a message the caller may not see is left out, not revealed
        const rows = await liveComments(db, session.appKey, readable.row.id);
        comments.push({
          msg: keyOfRow(readable.row),
          comments: rows.map(toComment),
          updateTime: rows.reduce((latest, r) => Math.max(latest, Number(r.updated_at)), 0),
        });
      }
      return { comments };
    },
  };
}

export function registerCommentSync(sources: SyncSources, deps: ExtrasDeps): void {
  const db = deps.store.db;
  sources.register(
    'quickComments',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const newDevice = since === 0;
      const rows = await commentsChangedSince(db, appKey, accid, {
        since: newDevice ? deps.now() - NEW_DEVICE_DAYS * 86_400_000 : since,
        // A new device never held a deleted comment: only live ones.
        liveOnly: newDevice,
        limit: SYNC_MAX,
      });
      const comments = rows.map((r) => ({
        msg: keyOfRow({
          id: Number(r.id),
          scene: r.scene,
          from_accid: r.msg_from,
          to_target: r.to_target,
          id_client: r.id_client,
          time: Number(r.msg_time),
          conv_key: r.conv_key,
        }),
        comment: toComment(r),
        deleted: Number(r.deleted) === 1,
      }));
      pushInChunks(context, 'syncQuickComments', 'comments', comments);
    },
    (p) =>
      commentsChangedQuery(
        db,
        p.appKey,
        p.accid,
        p.derived(({ since, now }) => (since === 0 ? now - NEW_DEVICE_DAYS * 86_400_000 : since)),
      ),
    { emptyReturns: 'clock' },
  );
}
