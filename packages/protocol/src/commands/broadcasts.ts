// Broadcast messages (document 2: "broadcast message"): an app's backend sends one through the
// server API (msg/broadcastMsg) to every account of the app. Online devices get `broadcastMsg`;
// one kept for offline accounts (isOffline) reaches each device in its next sync
// (`syncBroadcastMsgs`, category broadcastMsgs) until its ttl passes. Clients only receive them.
import { Type, type Static } from '@sinclair/typebox';
import { push, Params } from './define.ts';
import { Id, Time } from './common.ts';

/** A broadcast as NIM's SDK hands it to `onbroadcastmsg`. */
export const BroadcastMsg = Type.Object({
  /** The server's id for it; ids grow with time. */
  broadcastId: Id,
  /** The account it was sent as, or empty when the app sent it as itself. */
  fromAccid: Type.String({ maxLength: 32 }),
  body: Type.String({ maxLength: 4096 }),
  time: Time,
});
export type BroadcastMsg = Static<typeof BroadcastMsg>;

export const broadcastCommands = {
  broadcastMsg: push(7, 29, 'broadcastMsg', Params({ broadcastMsg: BroadcastMsg })),
  syncBroadcastMsgs: push(
    4,
    16,
    'syncBroadcastMsgs',
    Params({ broadcastMsgs: Type.Array(BroadcastMsg) }),
  ),
};
