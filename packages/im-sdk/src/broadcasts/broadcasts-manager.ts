// Broadcast messages (document 2: "broadcast message"): sent by the app's backend through the server
// API to every account; clients only receive them. A live one comes to `onbroadcastmsg`; those kept
// for offline accounts come together to `onbroadcastmsgs` during the sync, oldest first. Each is
// acknowledged (batchMarkRead, as NIM's SDK does), so the account's later syncs, on any device,
// leave it out (decision 0057).
import { WIRE_COMMANDS, type BroadcastMsg } from '@morsel/protocol';
import type { AdvanceTimetag, Emit, OnPush, Send, Warn } from '../context.ts';

/** A broadcast as the callbacks receive it: NIM's `timestamp` beside `time`. */
export type ClientBroadcastMsg = BroadcastMsg & { timestamp: number };

export interface BroadcastsContext {
  onPush: OnPush;
  emit: Emit;
  advanceTimetag: AdvanceTimetag;
  send: Send;
  logger: Warn;
}

const toClient = (msg: BroadcastMsg): ClientBroadcastMsg => ({ ...msg, timestamp: msg.time });

/** The most broadcastIds one acknowledgement names (batchMarkRead's limit). */
const ACK_BATCH = 100;

export class BroadcastsManager {
  constructor(private readonly context: BroadcastsContext) {
    context.onPush('broadcastMsg', ({ broadcastMsg }) => {
      // A kept broadcast this device saw live is not synced to it again.
      context.advanceTimetag('broadcastMsgs', broadcastMsg.time);
      context.emit('onbroadcastmsg', toClient(broadcastMsg));
      this.acknowledge([broadcastMsg]);
    });
    context.onPush('syncBroadcastMsgs', ({ broadcastMsgs }) => {
      if (broadcastMsgs.length === 0) return;
      const ordered = [...broadcastMsgs].sort((a, b) => a.time - b.time);
      context.emit('onbroadcastmsgs', ordered.map(toClient));
      this.acknowledge(ordered);
    });
  }

  /** Tells the server these were received; a failed acknowledgement only means a later resync. */
  private acknowledge(msgs: BroadcastMsg[]): void {
    const { sid, cid } = WIRE_COMMANDS.broadcastMsg;
    for (let start = 0; start < msgs.length; start += ACK_BATCH) {
      const ids = msgs.slice(start, start + ACK_BATCH).map((m) => m.broadcastId);
      this.context
        .send('batchMarkRead', { sid, cid, ids })
        .catch((error: unknown) =>
          this.context.logger.warn('broadcasts: acknowledgement failed', error),
        );
    }
  }
}
