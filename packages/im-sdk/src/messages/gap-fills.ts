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

/** A conversation's known ends around missing seqs (both ends are held). */
export interface Gap {
  scene: ClientMsg['scene'];
  target: string;
  sessionId: string;
  after: { seq: number; time: number };
  before: { seq: number; time: number };
}

/** How long a gap noticed on an own send waits for the other members' pushes still in flight. */
export const OWN_SEND_GAP_WAIT_MS = 1_000;

export class GapFills {
  /** Gaps whose pull found the link down, pulled again after the next sync. */
  private afterSync: Gap[] = [];

  constructor(
    private readonly context: GapFillsContext,
    /** Shows messages pulled into a gap as the live ones they should have been. */
    private readonly deliver: (added: ClientMsg[]) => void,
  ) {
    this.context.onSyncDone(() => {
      const gaps = this.afterSync;
      this.afterSync = [];
      for (const gap of gaps) void this.fill(gap);
    });
  }

  /**
   * Pulls a gap: one noticed on a live message at once, one noticed on an own send once pushes
   * already on their way had time to arrive (`OWN_SEND_GAP_WAIT_MS`).
   */
  pull(gap: Gap, waitMs = 0): void {
    if (waitMs) setTimeout(() => void this.fill(gap), waitMs);
    else void this.fill(gap);
  }

  /** The seqs strictly between the gap's ends that this device does not hold. */
  private missingSeqs({ sessionId, after, before }: Gap): Set<number> {
    const held = this.context.store
      .msgs({ sessionId, start: after.time, end: before.time, limit: before.seq - after.seq + 1 })
      .map((m) => m.seq);
    const missing = new Set<number>();
    for (let seq = after.seq + 1; seq < before.seq; seq++)
      if (!held.includes(seq)) missing.add(seq);
    return missing;
  }

  /**
   * Asks the server's history for the gap's time range (both ends inclusive there, so both ends
   * come back and are dropped), newest first up to the history limit. Messages that are gone
   * (recalled, deleted for me, not kept in history) leave holes the server has nothing for: one
   * request, nothing shown. A timeout or a busy server is retried after 2, 4 and 8 s; a link
   * that is down, after the next sync.
   */
  private async fill(gap: Gap, attempt = 0): Promise<void> {
    const missing = this.missingSeqs(gap);
    if (!missing.size) return;
    try {
      const reply = await this.context.send('getHistoryMsgs', {
        scene: gap.scene,
        to: gap.target,
        beginTime: gap.after.time,
        endTime: gap.before.time,
        limit: Math.min(gap.before.seq - gap.after.seq + 1, LIMITS.historyMaxLimit),
      });
      const inGap = (reply.msgs as Msg[])
        .filter((m) => missing.has(m.seq))
        .sort((x, y) => x.seq - y.seq);
      const added = this.context.store.putMsgs(
        inGap.map((m) => fromServer(m, this.context.account)),
      );
      if (added.length) this.deliver(added);
    } catch (error) {
      const code = (error as ImError).code;
      if (code === 'Error_Connection_Socket_State_not_Match' || attempt > 2)
        this.afterSync.push(gap);
      else if (code === 408 || code === 416 || (code as number) >= 500)
        setTimeout(() => void this.fill(gap, attempt + 1), 2_000 << attempt);
      else this.context.logger.warn('gap pull failed', String(error));
    }
  }
}
