// Message pins: any participant of a conversation pins one of its messages (once: a second pin
// is 417), updates the pin's custom data or removes it. Every device of every participant is
// told; the sync replays changes, and getMsgPins lists a session's pins with their messages.
import type { Msg, ReplyOf } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { toMsg, visibleTo } from '../messaging/index.ts';
import { parseSessionId } from '../messaging/index.ts';
import { pushInChunks } from '../messaging/index.ts';
import {
  readableByAccount,
  keyOfRow,
  pushToConversation,
  readableMessage,
  writableMessage,
  type ExtrasDeps,
  type MessageRow,
} from './access.ts';
import type { ImMsgPinTable } from './tables.ts';

type Pin = ReplyOf<'addMsgPin'>['pin'];
const SYNC_MAX = 5_000;

function toPin(
  row: Pick<ImMsgPinTable, 'pin_from' | 'pin_custom' | 'create_time' | 'update_time'>,
  msg: MessageRow,
): Pin {
  return {
    msg: keyOfRow(msg),
    pinFrom: row.pin_from,
    ...(row.pin_custom !== null && { pinCustom: row.pin_custom }),
    createTime: Number(row.create_time),
    updateTime: Number(row.update_time),
  };
}

const messageColumns = [
  'm.id',
  'm.scene',
  'm.from_accid',
  'm.to_target',
  'm.id_client',
  'm.time',
  'm.conv_key',
] as const;

export function pinHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;
  const pinOf = (appKey: string, messageId: number) =>
    db
      .selectFrom('im_msg_pins')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('message_id', '=', messageId)
      .executeTakeFirst();

  return {
    async addMsgPin({ session, connection }, { msg, pinCustom }) {
      const { row, conversation } = await writableMessage(deps, session, msg.idServer);
      const existing = await pinOf(session.appKey, row.id);
      if (existing && Number(existing.deleted) === 0)
        throw new CommandError(417, 'the message is already pinned');
      const now = deps.now();
      const values = {
        conv_key: row.conv_key,
        pin_from: session.accid,
        pin_custom: pinCustom ?? null,
        create_time: now,
        update_time: now,
        deleted: 0,
      };
      await db
        .insertInto('im_msg_pins')
        .values({ app_key: session.appKey, message_id: row.id, ...values })
        .onConflict((oc) =>
          oc
            .columns(['app_key', 'message_id'])
            .doUpdateSet(values)
            .where('im_msg_pins.deleted', '=', 1),
        )
        .execute();
      const stored = await pinOf(session.appKey, row.id);
      // Two participants pinning at once: the first one stored wins, the other gets 417.
      if (!stored || stored.pin_from !== session.accid || Number(stored.create_time) !== now)
        throw new CommandError(417, 'the message is already pinned');
      const pin = toPin(stored, row);
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'msgPinChanged',
        { type: 'add', pin },
      );
      return { pin };
    },

    async updateMsgPin({ session, connection }, { msg, pinCustom }) {
      const { row, conversation } = await writableMessage(deps, session, msg.idServer);
      const stored = await db
        .updateTable('im_msg_pins')
        .set({ pin_custom: pinCustom, update_time: deps.now() })
        .where('app_key', '=', session.appKey)
        .where('message_id', '=', row.id)
        .where('deleted', '=', 0)
        .returningAll()
        .executeTakeFirst();
      if (!stored) throw new CommandError(404, 'the message is not pinned');
      const pin = toPin(stored, row);
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'msgPinChanged',
        { type: 'update', pin },
      );
      return { pin };
    },

    async deleteMsgPin({ session, connection }, { msg }) {
      const { row, conversation } = await readableMessage(deps, session, msg.idServer);
      const now = deps.now();
      const stored = await db
        .updateTable('im_msg_pins')
        .set({ deleted: 1, update_time: now })
        .where('app_key', '=', session.appKey)
        .where('message_id', '=', row.id)
        .where('deleted', '=', 0)
        .returningAll()
        .executeTakeFirst();
      if (!stored) throw new CommandError(404, 'the message is not pinned');
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'msgPinChanged',
        { type: 'delete', pin: toPin(stored, row) },
      );
      return { time: now };
    },

    async getMsgPins({ session }, { sessionId }) {
      const { scene, to } = parseSessionId(sessionId);
      const conversation = await deps.scenes
        .get(scene)
        .forReading(session.appKey, session.accid, to);
      const rows = await visibleTo(
        db
          .selectFrom('im_msg_pins')
          .innerJoin('im_messages', (join) =>
            join
              .onRef('im_messages.id', '=', 'im_msg_pins.message_id')
              .onRef('im_messages.app_key', '=', 'im_msg_pins.app_key'),
          )
          .select([
            'im_msg_pins.pin_from',
            'im_msg_pins.pin_custom',
            'im_msg_pins.create_time',
            'im_msg_pins.update_time',
          ])
          .select([
            'im_messages.id',
            'im_messages.seq',
            'im_messages.body',
            'im_messages.scene',
            'im_messages.from_accid',
            'im_messages.to_target',
          ])
          .select(['im_messages.id_client', 'im_messages.time', 'im_messages.conv_key'])
          .where('im_msg_pins.app_key', '=', session.appKey)
          .where('im_msg_pins.conv_key', '=', conversation.convKey)
          .where('im_msg_pins.deleted', '=', 0)
          // Pinned messages from before the reader joined the team stay hidden, as in history.
          .where('im_messages.time', '>=', conversation.readableFrom ?? 0),
        session.appKey,
        session.accid,
      )
        .orderBy('im_msg_pins.create_time', 'desc')
        .execute();
      const pins: Pin[] = [];
      const msgs: Msg[] = [];
      for (const r of rows) {
        const message = { ...r, id: Number(r.id), time: Number(r.time), seq: Number(r.seq) };
        pins.push(toPin(r, message));
        msgs.push(toMsg(message));
      }
      return { pins, msgs };
    },
  };
}

export function registerPinSync(sources: SyncSources, deps: ExtrasDeps): void {
  const db = deps.store.db;
  sources.register('msgPins', async (context, since) => {
    const { appKey, accid } = context.session;
    let query = db
      .selectFrom('im_msg_pins as p')
      .innerJoin('im_messages as m', (join) =>
        join.onRef('m.id', '=', 'p.message_id').onRef('m.app_key', '=', 'p.app_key'),
      )
      .select([
        'p.pin_from',
        'p.pin_custom',
        'p.create_time',
        'p.update_time',
        'p.deleted',
        ...messageColumns,
      ])
      .where('p.app_key', '=', appKey)
      .where(readableByAccount(appKey, accid))
      .where('p.update_time', '>', since);
    // A new device gets the pins that stand; a known one also learns of removals.
    if (since === 0) query = query.where('p.deleted', '=', 0).where('m.deleted_at', 'is', null);
    const rows = await query.orderBy('p.update_time', 'asc').limit(SYNC_MAX).execute();
    const pins = rows.map((r) => ({
      ...toPin(r, { ...r, id: Number(r.id), time: Number(r.time) }),
      deleted: Number(r.deleted) === 1,
    }));
    pushInChunks(context, 'syncMsgPins', 'pins', pins);
  });
}
