// Quick comments (reactions): an account adds an integer body (an emoji id the application
// chooses) to a message of a conversation it takes part in; adding the same body again updates
// it. Only the commenter deletes it. Both sides' devices are told; the sync replays changes.
import type { Kysely } from 'kysely';
import type { ReplyOf } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { pushInChunks } from '../messaging/index.ts';
import {
  readableByAccount,
  keyOfRow,
  pushToConversation,
  readableMessage,
  readableOrSkip,
  writableMessage,
  type ExtrasDeps,
} from './access.ts';
import type { ImQuickCommentTable } from './tables.ts';

type Comment = ReplyOf<'addQuickComment'>['comment'];
type CommentRow = Pick<
  ImQuickCommentTable,
  'from_accid' | 'body' | 'time' | 'custom' | 'push_options'
>;
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

const commentColumns = ['from_accid', 'body', 'time', 'custom', 'push_options'] as const;

async function liveComments(db: Kysely<Database>, appKey: string, messageId: number) {
  return db
    .selectFrom('im_quick_comments')
    .select([...commentColumns, 'updated_at'])
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .where('deleted', '=', 0)
    .orderBy('time', 'asc')
    .execute();
}

export function commentHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;
  return {
    async addQuickComment({ session, connection }, params) {
      const { row, conversation } = await writableMessage(deps, session, params.msg.idServer);
      const now = deps.now();
      const values = {
        custom: params.custom ?? null,
        push_options: pushOptions(params),
        time: now,
        deleted: 0,
        updated_at: now,
      };
      await db
        .insertInto('im_quick_comments')
        .values({
          app_key: session.appKey,
          message_id: row.id,
          conv_key: row.conv_key,
          from_accid: session.accid,
          body: params.body,
          ...values,
        })
        .onConflict((oc) =>
          oc.columns(['app_key', 'message_id', 'from_accid', 'body']).doUpdateSet(values),
        )
        .execute();
      const comment = toComment({ from_accid: session.accid, body: params.body, ...values });
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'quickComment',
        { msg: keyOfRow(row), comment },
      );
      return { comment };
    },

    async deleteQuickComment({ session, connection }, params) {
      const { row, conversation } = await readableMessage(deps, session, params.msg.idServer);
      const now = deps.now();
      // Only the commenter's own comment matches: another account's comment is "not found".
      const found = await db
        .updateTable('im_quick_comments')
        .set({ deleted: 1, updated_at: now })
        .where('app_key', '=', session.appKey)
        .where('message_id', '=', row.id)
        .where('from_accid', '=', session.accid)
        .where('body', '=', params.body)
        .where('deleted', '=', 0)
        .returning(commentColumns)
        .executeTakeFirst();
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
  sources.register('quickComments', async (context, since) => {
    const { appKey, accid } = context.session;
    const newDevice = since === 0;
    let query = db
      .selectFrom('im_quick_comments as c')
      .innerJoin('im_messages as m', (join) =>
        join.onRef('m.id', '=', 'c.message_id').onRef('m.app_key', '=', 'c.app_key'),
      )
      .select([
        'c.from_accid',
        'c.body',
        'c.time',
        'c.custom',
        'c.push_options',
        'c.deleted',
        'm.id',
        'm.scene',
        'm.from_accid as msg_from',
        'm.to_target',
        'm.id_client',
        'm.time as msg_time',
        'm.conv_key',
      ])
      .where('c.app_key', '=', appKey)
      .where(readableByAccount(appKey, accid))
      .where('m.deleted_at', 'is', null)
      .where('c.updated_at', '>', newDevice ? deps.now() - NEW_DEVICE_DAYS * 86_400_000 : since);
    // A new device never held a deleted comment: only live ones.
    if (newDevice) query = query.where('c.deleted', '=', 0);
    const rows = await query.orderBy('c.updated_at', 'asc').limit(SYNC_MAX).execute();
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
  });
}
