// What the server delivers of messages: live pushes (shown once, counted unread, their
// timetag moved), the sync's offline and roaming batches, recalls (told once), one-way deletes by
// my other devices, cleared histories, read receipts, and history replies kept locally. A live
// message (or an own send) past a gap in its conversation's order pulls the missing ones from
// history (gap-fills.ts).
import {
  SYNC,
  isSafeShortUrl,
  type Msg,
  type RequestOf,
  type SyncTimetags,
} from '@morsel/protocol';
import type { AdvanceTimetag, Emit, OnPush, OnSyncDone, Send, Warn } from '../context.ts';
import { fromServer, type ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { gapPuller, OWN_SEND_GAP_WAIT_MS, type Gap, type PullGap } from './gap-fills.ts';
import { bySession, MSG_TIMETAG } from './outgoing.ts';

export interface IncomingMsgsContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  advanceTimetag: AdvanceTimetag;
  onSyncDone: OnSyncDone;
  emit: Emit;
  store: LocalStore;
  logger: Warn;
  /** The original URL behind a safe short URL (counted while in flight, see OriginUrls). */
  originUrl(safeShortUrl: string): Promise<string>;
}

/** How many recalls an instance remembers having told (a reconnect's sync may send them again). */
const RECALLS_REMEMBERED = 5_000;

export class IncomingMsgs {
  private readonly pullGap: PullGap;

  constructor(
    private readonly context: IncomingMsgsContext,
    private readonly sessions: SessionUpdates,
  ) {
    this.context.onSyncDone(() => (this.syncedUpTo = this.context.store.timetags()));
    this.pullGap = gapPuller(context, (added) => {
      this.resolveSafeUrls(added);
      for (const msg of added) {
        this.sessions.touchSession(msg, { countUnread: true });
        this.context.emit('onmsg', msg);
      }
    });
    this.context.onPush('msg', ({ msg }) => {
      const received = fromServer(msg, this.context.account);
      // Held now: the next sync need not send it (or anything older than the margin) again.
      // Not for super teams: their messages reach a member through fan-out groups its
      // connections join apart from the sync (at login, on joining a team), so their timetag
      // moves with the sync only.
      if (received.scene !== 'superTeam')
        this.context.advanceTimetag(
          MSG_TIMETAG[received.scene],
          received.time - SYNC.liveTimetagMarginMs,
        );
      const gap = this.noteSeq(received);
      if (this.context.store.putMsgs([received]).length === 0) return; // already held: shown once
      this.resolveSafeUrls([received]);
      this.sessions.touchSession(received, { countUnread: true });
      this.context.emit('onmsg', received);
      if (gap) this.pullGap(gap);
    });
    this.context.onPush('syncOfflineMsgs', ({ msgs }) => this.synced(msgs, 'offline'));
    this.context.onPush('syncRoamingMsgs', ({ msgs }) => this.synced(msgs, 'roaming'));
    this.context.onPush('msgDeleted', ({ deleted }) => this.recalled([deleted], 'live'));
    this.context.onPush('syncDeletedMsgs', ({ deleted }) => this.recalled(deleted, 'sync'));
    type SelfDeleted = { sessionId: string; idServer: string };
    const deletedSelf = ({ sessionId, idServer }: SelfDeleted, tell: 'always' | 'if held') => {
      const held = this.context.store.forgetMsg({ idServer });
      this.sessions.refreshLastMsg(sessionId);
      if (held || tell === 'always') this.context.emit('ondeleteMsgSelf', { sessionId, idServer });
    };
    this.context.onPush('msgDeletedSelf', (info) => deletedSelf(info, 'always'));
    this.context.onPush('msgsDeletedSelf', ({ deleted }) => {
      for (const item of deleted) deletedSelf(item, 'always');
    });
    // From the sync: also this device's own deletes, which it no longer holds (nothing to tell).
    this.context.onPush('syncDeletedMsgsSelf', ({ deleted }) => {
      for (const item of deleted) deletedSelf(item, 'if held');
    });
    this.context.onPush('sessionCleared', ({ sessionId, time }) => {
      this.sessions.historyCleared(sessionId, time, { tell: true });
    });
    const receipts = (list: Receipt[]) => {
      for (const receipt of list) {
        const session = this.context.store.getSession(receipt.sessionId);
        if (session && receipt.time > (session.msgReceiptTime ?? 0)) {
          session.msgReceiptTime = receipt.time;
          this.context.store.putSession(session);
        }
      }
      if (list.length) this.context.emit('onMsgReceipts', list);
    };
    this.context.onPush('msgReceipt', ({ receipt }) => receipts([receipt]));
    this.context.onPush('syncMsgReceipts', ({ receipts: list }) => receipts(list));
  }

  /** Messages from the server, kept in the store (once) and returned as held there. */
  keep(msgs: Msg[]): ClientMsg[] {
    const mapped = msgs.map((m) => fromServer(m, this.context.account));
    this.resolveSafeUrls(this.context.store.putMsgs(mapped));
    return mapped.map((m) => this.context.store.getMsg(m.idClient) ?? m);
  }

  /**
   * The newest message seen per session (its per-conversation seq and time), from live pushes,
   * syncs and own sends. A message whose seq is more than one past it shows a gap: a push lost
   * between the commit and the device (a crashed process, a bus that dropped it).
   */
  private readonly newestSeq = new Map<string, { seq: number; time: number }>();
  /** The timetags when the last sync ended: what came before each, it brought. */
  private syncedUpTo: SyncTimetags | undefined;

  /** Records the message's seq; answers the gap before it, when there is one. */
  private noteSeq(msg: ClientMsg): Gap | undefined {
    if (typeof msg.seq !== 'number') return undefined;
    const after = this.newestSeq.get(msg.sessionId) ?? this.knownEnd(msg);
    if (after && msg.seq <= after.seq) return undefined;
    const before = { seq: msg.seq, time: msg.time };
    this.newestSeq.set(msg.sessionId, before);
    if (!after || msg.seq === after.seq + 1) return undefined;
    return { scene: msg.scene, target: msg.target, sessionId: msg.sessionId, after, before };
  }

  /**
   * Where this device's knowledge of a session ends before it noted any of its seqs (a session
   * new since the sync, or one only the local database holds): the newest message it holds other
   * than `msg`, or, holding none, seq 0 at the time its last sync reached (anything of the
   * session after that time would have come live). Before the first sync: unknown.
   */
  private knownEnd(msg: ClientMsg): { seq: number; time: number } | undefined {
    const held = this.context.store
      .msgs({ sessionId: msg.sessionId, limit: 5 })
      .find((m) => m.idClient !== msg.idClient && typeof m.seq === 'number');
    if (held) return { seq: held.seq!, time: held.time };
    const time = this.syncedUpTo?.[MSG_TIMETAG[msg.scene]];
    return time === undefined ? undefined : { seq: 0, time };
  }

  /**
   * My own message took its seq: one past a gap means messages of other members committed
   * before it that have not reached me yet, usually still on their way, sometimes lost.
   */
  noteOwnSeq(msg: ClientMsg): void {
    const gap = this.noteSeq(msg);
    if (gap) this.pullGap(gap, OWN_SEND_GAP_WAIT_MS);
  }

  private synced(msgs: Msg[], kind: 'offline' | 'roaming'): void {
    const mapped = msgs.map((m) => fromServer(m, this.context.account));
    for (const msg of mapped) this.noteSeq(msg);
    const added = this.context.store.putMsgs(mapped);
    this.resolveSafeUrls(added);
    for (const msg of added) this.sessions.touchSession(msg, { countUnread: false });
    for (const batch of bySession(added)) {
      if (kind === 'offline') this.context.emit('onofflinemsgs', batch);
      else this.context.emit('onroamingmsgs', batch);
    }
  }

  /**
   * A received file message whose url is a safe short URL gets the original URL in its place
   * once the server resolved it (the message object is updated in place and stored again).
   * Lookups started by the sync's messages are counted, so onsyncdone and the pushes held
   * during the sync wait for them (up to 20 checks of 300 ms). A failed lookup keeps the safe
   * URL.
   */
  private resolveSafeUrls(msgs: ClientMsg[]): void {
    for (const msg of msgs) {
      const safeShortUrl = msg.file?.url;
      if (msg.flow !== 'in' || !isSafeShortUrl(safeShortUrl)) continue;
      this.context.originUrl(safeShortUrl).then(
        (url) => {
          const held = this.context.store.getMsg(msg.idClient);
          if (held?.file?.url === safeShortUrl)
            this.context.store.updateMsg(msg.idClient, { file: { ...held.file, url } });
        },
        (error: unknown) =>
          this.context.logger.warn(
            'original url lookup failed',
            safeShortUrl,
            (error as Error).message,
          ),
      );
    }
  }

  /** Recalls told to the application by this instance, oldest first. */
  private readonly recallsTold = new Set<string>();

  private recalled(list: Recall[], how: 'live' | 'sync'): void {
    for (const recall of list) {
      // Held now, as a live message is (its scene's live timetag rule): the next sync need not
      // send it again. Not for super teams, whose pushes come through fan-out groups.
      if (how === 'live' && recall.scene !== 'superTeam')
        this.context.advanceTimetag('deleteMsg', recall.deletedAt - SYNC.liveTimetagMarginMs);
      // Also from the local database when memory does not hold it (older than the working set).
      this.context.store.forgetMsg({ idServer: recall.idServer, idClient: recall.idClient });
      this.sessions.refreshLastMsg(recall.sessionId, recall);
      // Told once: a reconnect's sync may send a recall again that came live (or was this
      // device's own) within the timetag margin.
      if (this.recallsTold.has(recall.idServer)) continue;
      this.rememberRecall(recall.idServer);
      this.context.emit('onsysmsg', recall);
    }
  }

  rememberRecall(idServer: string): void {
    this.recallsTold.add(idServer);
    if (this.recallsTold.size > RECALLS_REMEMBERED)
      this.recallsTold.delete(this.recallsTold.values().next().value!);
  }
}

/** A recall notice, as the server sends it (also its system message of type deleteMsg or deleteMsgSuperTeam). */
type Recall = RequestOf<'msgDeleted'>['deleted'];

interface Receipt {
  sessionId: string;
  account: string;
  idServer: string;
  time: number;
}
