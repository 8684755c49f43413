// Message pins: any participant of a conversation pins one of its messages (once: a second pin
// is 417), updates the pin's custom data or removes it. Every device of every participant is
// told; the sync replays changes, and getMsgPins lists a session's pins with their messages.
import type { Msg, ReplyOf } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { toMsg } from '../messaging/index.ts';
import { parseSessionId } from '../messaging/index.ts';
import { pushInChunks } from '../messaging/index.ts';
import {
  keyOfRow,
  pushToConversation,
  readableMessage,
  writableMessage,
  type ExtrasDeps,
  type MessageRow,
} from './access.ts';
import {
  conversationPins,
  markPinDeleted,
  pinOf,
  pinsChangedQuery,
  pinsChangedSince,
  pinUnlessPinned,
  updatePinCustom,
} from './store/pins-store.ts';
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

export function pinHandlers(deps: ExtrasDeps): HandlerTable {
  const db = deps.store.db;

  return {
    async addMsgPin({ session, connection }, { msg, pinCustom }) {
      const { row, conversation } = await writableMessage(deps, session, msg.idServer);
      const existing = await pinOf(db, session.appKey, row.id);
      if (existing && Number(existing.deleted) === 0)
        throw new CommandError(417, 'the message is already pinned');
      const now = deps.now();
      const pin = {
        appKey: session.appKey,
        messageId: row.id,
        convKey: row.conv_key,
        from: session.accid,
        custom: pinCustom ?? null,
      };
      await pinUnlessPinned(db, pin, now);
      const stored = await pinOf(db, session.appKey, row.id);
      // Two participants pinning at once: the first one stored wins, the other gets 417.
      if (!stored || stored.pin_from !== session.accid || Number(stored.create_time) !== now)
        throw new CommandError(417, 'the message is already pinned');
      const added = toPin(stored, row);
      await pushToConversation(
        deps.gateway,
        conversation,
        { id: connection.id, session },
        'msgPinChanged',
        { type: 'add', pin: added },
      );
      return { pin: added };
    },

    async updateMsgPin({ session, connection }, { msg, pinCustom }) {
      const { row, conversation } = await writableMessage(deps, session, msg.idServer);
      const stored = await updatePinCustom(db, session.appKey, row.id, pinCustom, deps.now());
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
      const stored = await markPinDeleted(db, session.appKey, row.id, now);
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
      const reader = { appKey: session.appKey, accid: session.accid };
      const rows = await conversationPins(
        db,
        reader,
        conversation.convKey,
        conversation.readableFrom ?? 0,
      );
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
  sources.register(
    'msgPins',
    async (context, since) => {
      const { appKey, accid } = context.session;
      // A new device gets the pins that stand; a known one also learns of removals.
      const rows = await pinsChangedSince(db, appKey, accid, {
        since,
        liveOnly: since === 0,
        limit: SYNC_MAX,
      });
      const pins = rows.map((r) => ({
        ...toPin(r, { ...r, id: Number(r.id), time: Number(r.time) }),
        deleted: Number(r.deleted) === 1,
      }));
      pushInChunks(context, 'syncMsgPins', 'pins', pins);
    },
    (p) => pinsChangedQuery(db, p.appKey, p.accid, p.since),
    { emptyReturns: 'clock' },
  );
}
