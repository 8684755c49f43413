// Pulls the messages of a conversation that never reached this device live: a commit whose push
// was lost (a process that died between the two, a bus that dropped it) shows as a gap in the
// conversation's seq. A gap is noticed on a live message (pulled at once) or on this device's own
// send (pulled after a moment, since another member's push may simply still be on its way). A
// pull that fails is tried again: soon when the server was slow or busy, after the next sync when
// the link was down. Only seqs still missing locally are asked for, and only once each is added.
import { LIMITS, type ImError, type Msg } from '@morsel/protocol';
import type { OnSyncDone, Send, Warn } from '../context.ts';
import { fromServer, type ClientMsg } from '../model.ts';
import type { LocalStore } from '../store/memory-store.ts';

export interface GapFillsContext {
  readonly account: string;
  send: Send;
  store: LocalStore;
  logger: Warn;
  onSyncDone: OnSyncDone;
}

/**
 * A conversation's known ends around missing seqs: `before` is held, `after` is held too or, for
 * a session the device holds nothing of, seq 0 at the time its last sync reached.
 */
export interface Gap {
  scene: ClientMsg['scene'];
  target: string;
  sessionId: string;
  after: { seq: number; time: number };
  before: { seq: number; time: number };
}

/** How long a gap noticed on an own send waits for the other members' pushes still in flight. */
export const OWN_SEND_GAP_WAIT_MS = 1_000;

/** Pulls a gap: at once, or after `waitMs` (an own send's, `OWN_SEND_GAP_WAIT_MS`). */
export type PullGap = (gap: Gap, waitMs?: number) => void;

/**
 * The gap puller of one instance. `deliver` shows messages pulled into a gap as the live ones
 * they should have been. A closure rather than a class: its names minify (browser bundle size).
 */
export function gapPuller(
  context: GapFillsContext,
  deliver: (added: ClientMsg[]) => void,
): PullGap {
  /** Gaps whose pull found the link down, pulled again after the next sync. */
  let afterSync: Gap[] = [];
  context.onSyncDone(() => {
    const gaps = afterSync;
    afterSync = [];
    for (const gap of gaps) void fill(gap);
  });

  /**
   * The seqs strictly between the gap's ends that this device does not hold, of those one history
   * page can bring (the newest, `LIMITS.historyMaxLimit` with `before` itself): a session noted
   * nothing of counts from seq 0, and an old conversation's seq may be in the millions.
   */
  const missingSeqs = ({ sessionId, after, before }: Gap) => {
    const from = Math.max(after.seq + 1, before.seq - LIMITS.historyMaxLimit + 1);
    const held = new Set(
      context.store
        .msgs({ sessionId, start: after.time, end: before.time, limit: before.seq - from + 2 })
        .map((m) => m.seq),
    );
    const missing = new Set<number>();
    for (let seq = from; seq < before.seq; seq++) if (!held.has(seq)) missing.add(seq);
    return missing;
  };

  /**
   * Asks the server's history for the gap's time range (both ends inclusive there, so both ends
   * come back and are dropped), newest first up to the history limit. Messages that are gone
   * (recalled, deleted for me, not kept in history) leave holes the server has nothing for: one
   * request, nothing shown. A timeout or a busy server is retried after 2, 4 and 8 s; a link
   * that is down, after the next sync.
   */
  async function fill(gap: Gap, attempt = 0): Promise<void> {
    const missing = missingSeqs(gap);
    if (!missing.size) return;
    try {
      const reply = await context.send('getHistoryMsgs', {
        scene: gap.scene,
        to: gap.target,
        beginTime: gap.after.time,
        endTime: gap.before.time,
        limit: Math.min(gap.before.seq - gap.after.seq + 1, LIMITS.historyMaxLimit),
      });
      const inGap = (reply.msgs as Msg[])
        .filter((m) => missing.has(m.seq))
        .sort((x, y) => x.seq - y.seq);
      const added = context.store.putMsgs(inGap.map((m) => fromServer(m, context.account)));
      if (added.length) deliver(added);
    } catch (error) {
      const code = (error as ImError).code;
      if (code === 'Error_Connection_Socket_State_not_Match' || attempt > 2) afterSync.push(gap);
      else if (code === 408 || code === 416 || (code as number) >= 500)
        setTimeout(() => void fill(gap, attempt + 1), 2_000 << attempt);
      else context.logger.warn('gap pull failed', String(error));
    }
  }

  return (gap, waitMs) => {
    if (waitMs) setTimeout(() => void fill(gap), waitMs);
    else void fill(gap);
  };
}
