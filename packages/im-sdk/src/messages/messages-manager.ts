// Messages (document 2, "Message" and sections 4-5): sending every type, resend and forward,
// recall and one-way delete, receipts, server history and search, local messages, and the
// pushes that deliver messages live and during the sync.
import {
  checkOutgoingMsg,
  COMMANDS,
  ImError,
  isSafeShortUrl,
  LIMITS,
  MSG_TYPES,
  SYNC,
  type Msg,
  type MsgTypeName,
  type OutgoingMsg,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import type { AdvanceTimetag, Emit, OnPush, OnSyncStart, Send, Warn } from '../context.ts';
import { fromServer, newIdClient, type ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { withDone, type Done } from '../util/done.ts';
import { bySession, keyOf, MSG_TIMETAG, OUTGOING_FIELDS, toOutgoing } from './outgoing.ts';

export interface MessagesContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  onSyncStart: OnSyncStart;
  advanceTimetag: AdvanceTimetag;
  emit: Emit;
  store: LocalStore;
  logger: Warn;
  /** The original URL behind a safe short URL (counted while in flight, see OriginUrls). */
  originUrl(safeShortUrl: string): Promise<string>;
}

type Scene = Msg['scene'];
type Common = Omit<Partial<OutgoingMsg>, 'scene' | 'to' | 'type' | 'idClient' | 'resend'> & {
  scene: Scene;
  to: string;
  /** Keep the message on this device only: it is never sent and is a success at once. */
  isLocal?: boolean;
  done?: Done<ClientMsg>;
};

/** How many recalls an instance remembers having told (a reconnect's sync may send them again). */
const RECALLS_REMEMBERED = 5_000;

const DELETE_REFUSED =
  'only messages you sent to others, sent successfully and not local can be deleted';
const FILE_KINDS = {
  image: MSG_TYPES.image,
  audio: MSG_TYPES.audio,
  video: MSG_TYPES.video,
  file: MSG_TYPES.file,
} as const;

export class MessagesManager {
  constructor(
    private readonly context: MessagesContext,
    private readonly sessions: SessionUpdates,
  ) {
    this.context.onSyncStart(() => {
      // A message still sending when a sync starts has failed: the connection it used is gone.
      for (const msg of this.context.store.allMsgs())
        if (msg.status === 'sending')
          this.context.store.updateMsg(msg.idClient, { status: 'fail' });
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
      if (gap) void this.fillGap(received, gap);
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

  sendText(options: Common & { text: string }) {
    return this.send('text', options);
  }

  /** A message with an uploaded file (image, audio, video or any file); default type file. */
  sendFile(
    options: Common & { type?: keyof typeof FILE_KINDS; file: NonNullable<OutgoingMsg['file']> },
  ) {
    const kind = options.type ?? 'file';
    if (!(kind in FILE_KINDS))
      return withDone(
        Promise.reject(new ImError('Param_Error', 'type must be image, audio, video or file')),
        options.done,
      );
    const { type: _type, ...rest } = options;
    return this.send(kind, rest);
  }

  sendGeo(options: Common & { geo: NonNullable<OutgoingMsg['geo']> }) {
    return this.send('geo', options);
  }

  sendTipMsg(options: Common & { tip: string }) {
    const { tip, ...rest } = options;
    return this.send('tip', { ...rest, text: tip });
  }

  sendRobotMsg(
    options: Omit<Common, 'content'> & {
      robotAccid: string;
      content: Omit<NonNullable<OutgoingMsg['robot']>, 'robotAccid'>;
    },
  ) {
    const { robotAccid, content, ...rest } = options;
    return this.send('robot', { ...rest, robot: { robotAccid, ...content } });
  }

  sendCustomMsg(options: Common & { content: string }) {
    return this.send('custom', options);
  }

  /** Sends a failed outgoing message again with the same idClient; the server stores it once. */
  resendMsg(options: { msg: ClientMsg; done?: Done<ClientMsg> }) {
    const msg = this.context.store.getMsg(options.msg.idClient) ?? options.msg;
    if (msg.flow !== 'out' || msg.status !== 'fail') {
      return withDone(
        Promise.reject(new ImError('Param_Error', 'only failed messages can be resent')),
        options.done,
      );
    }
    this.context.store.updateMsg(msg.idClient, { status: 'sending' });
    return withDone(
      this.deliver(this.context.store.getMsg(msg.idClient) ?? { ...msg, status: 'sending' }, true),
      options.done,
    );
  }

  /** Sends a copy of a message to another session, as a new message. */
  forwardMsg(options: { msg: ClientMsg; scene: Scene; to: string; done?: Done<ClientMsg> }) {
    const source = options.msg;
    const copy: Record<string, unknown> = { scene: options.scene, to: options.to };
    for (const field of OUTGOING_FIELDS)
      if (source[field] !== undefined) copy[field] = source[field];
    if (options.done) copy.done = options.done;
    const type = (Object.keys(MSG_TYPES) as MsgTypeName[]).find(
      (name) => MSG_TYPES[name] === source.type,
    )!;
    return this.send(type, copy as Common);
  }

  /** Recalls a message for everyone (only my own, sent, non-local, within the recall window). */
  deleteMsg(options: { msg: ClientMsg; ps?: string; done?: Done<void> }) {
    const msg = this.context.store.getMsg(options.msg.idClient) ?? options.msg;
    if (
      msg.from !== this.context.account ||
      msg.status !== 'success' ||
      msg.isLocal ||
      !msg.idServer
    ) {
      return withDone(Promise.reject(new ImError('Param_Error', DELETE_REFUSED)), options.done);
    }
    const work = this.context
      .send('deleteMsg', {
        msg: keyOf(msg),
        ...(options.ps !== undefined && { ps: options.ps }),
      })
      .then(() => {
        this.context.store.forgetMsg({ idServer: msg.idServer!, idClient: msg.idClient });
        this.sessions.refreshLastMsg(msg.sessionId);
        // The recalling device is not told of its own recall, nor by a later sync that sends it.
        this.rememberRecall(msg.idServer!);
      });
    return withDone(work, options.done);
  }

  /** Deletes a message for this account only (all its devices); not for super teams. */
  deleteMsgSelf(options: { msg: ClientMsg; custom?: string; done?: Done<void> }) {
    const msg = options.msg;
    if (msg.scene === 'superTeam')
      return withDone(
        Promise.reject(
          new ImError('Not_Support', 'one-way delete is not supported for super teams'),
        ),
        options.done,
      );
    if (!msg.idServer)
      return withDone(
        Promise.reject(
          new ImError('Param_Error', 'only a message the server stored can be deleted'),
        ),
        options.done,
      );
    const work = this.context
      .send('deleteMsgSelf', {
        msg: keyOf(msg),
        ...(options.custom !== undefined && { custom: options.custom }),
      })
      .then(() => {
        this.context.store.forgetMsg({ idServer: msg.idServer!, idClient: msg.idClient });
        this.sessions.refreshLastMsg(msg.sessionId);
      });
    return withDone(work, options.done);
  }

  /** Clears a session's history for this account on the server (and locally). */
  clearServerHistoryMsgs(options: {
    scene: Scene;
    to: string;
    isSyncSelf?: boolean;
    done?: Done<{ time: number }>;
  }) {
    const { done, ...params } = options;
    const work = this.context.send('clearServerHistoryMsgs', params).then((reply) => {
      this.sessions.historyCleared(`${params.scene}-${params.to}`, reply.time, { tell: false });
      return reply;
    });
    return withDone(work, done);
  }

  /**
   * Marks received messages read (batchMarkRead): each session's unread is counted from its
   * newest message among them on, on every device of the account. For reading up to a message
   * that is not the last one; setCurrSession and resetSessionUnread read a whole session.
   */
  markMsgsRead(options: { msgs: ClientMsg[]; done?: Done<void> }) {
    const received = options.msgs.filter((m) => m.flow === 'in' && m.idServer);
    if (
      options.msgs.length < 1 ||
      options.msgs.length > LIMITS.markMsgsReadMax ||
      received.length < options.msgs.length
    ) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `msgs must hold 1 to ${LIMITS.markMsgsReadMax} received messages`,
          ),
        ),
        options.done,
      );
    }
    const work = this.context
      .send('batchMarkRead', {
        sid: COMMANDS.msg.sid,
        cid: COMMANDS.msg.cid,
        ids: received.map((m) => m.idServer!),
      })
      .then(() => {
        const newest = new Map<string, number>();
        for (const msg of received)
          newest.set(msg.sessionId, Math.max(newest.get(msg.sessionId) ?? 0, msg.time));
        for (const [sessionId, ack] of newest) this.sessions.applyAck({ sessionId, ack });
      });
    return withDone(work, options.done);
  }

  /** Tells the sender of a one-to-one message that it has been read. */
  sendMsgReceipt(options: { msg: ClientMsg; done?: Done<void> }) {
    const msg = options.msg;
    if (msg.scene !== 'p2p' || msg.flow !== 'in' || !msg.idServer) {
      return withDone(
        Promise.reject(
          new ImError('Param_Error', 'a receipt is for a one-to-one message received'),
        ),
        options.done,
      );
    }
    return withDone(
      this.context.send('sendMsgReceipt', { msg: keyOf(msg) }).then(() => {}),
      options.done,
    );
  }

  getHistoryMsgs(options: {
    scene: Scene;
    to: string;
    beginTime?: number;
    endTime?: number;
    lastMsgId?: string;
    limit?: number;
    reverse?: boolean;
    msgTypes?: number[];
    done?: Done<{ msgs: ClientMsg[] }>;
  }) {
    const { done, ...query } = options;
    if (query.limit !== undefined && (query.limit < 1 || query.limit > LIMITS.historyMaxLimit)) {
      return withDone(
        Promise.reject(new ImError('Param_Error', `limit must be 1 to ${LIMITS.historyMaxLimit}`)),
        done,
      );
    }
    return withDone(
      this.context.send('getHistoryMsgs', query).then((reply) => ({ msgs: this.keep(reply.msgs) })),
      done,
    );
  }

  searchHistoryMsgs(options: {
    scene: Scene;
    to: string;
    keyword: string;
    beginTime?: number;
    endTime?: number;
    limit?: number;
    reverse?: boolean;
    done?: Done<{ msgs: ClientMsg[] }>;
  }) {
    const { done, ...query } = options;
    return withDone(
      this.context
        .send('searchHistoryMsgs', query)
        .then((reply) => ({ msgs: this.keep(reply.msgs) })),
      done,
    );
  }

  getMsgsByIdServer(options: { reqMsgs: ClientMsg[]; done?: Done<{ msgs: ClientMsg[] }> }) {
    if (options.reqMsgs.length < 1 || options.reqMsgs.length > LIMITS.getMsgsByIdServerMax) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `reqMsgs must hold 1 to ${LIMITS.getMsgsByIdServerMax} messages`,
          ),
        ),
        options.done,
      );
    }
    const work = this.context
      .send('getMsgsByIdServer', { reqMsgs: options.reqMsgs.map(keyOf) })
      .then((reply: ReplyOf<'getMsgsByIdServer'>) => ({
        msgs: this.keep(reply.msgs),
      }));
    return withDone(work, options.done);
  }

  private keep(msgs: Msg[]): ClientMsg[] {
    const mapped = msgs.map((m) => fromServer(m, this.context.account));
    this.resolveSafeUrls(this.context.store.putMsgs(mapped));
    return mapped.map((m) => this.context.store.getMsg(m.idClient) ?? m);
  }

  /**
   * The newest message seen per session (its per-conversation seq and time), from live pushes
   * and syncs. A live message whose seq is more than one past it shows a gap: a push lost
   * between the commit and the device (a crashed process, a bus that dropped it).
   */
  private readonly newestSeq = new Map<string, { seq: number; time: number }>();

  /** Records the message's seq; answers the newest one before it when there is a gap. */
  private noteSeq(msg: ClientMsg): { seq: number; time: number } | undefined {
    if (typeof msg.seq !== 'number') return undefined;
    const before = this.newestSeq.get(msg.sessionId);
    if (before && msg.seq <= before.seq) return undefined;
    this.newestSeq.set(msg.sessionId, { seq: msg.seq, time: msg.time });
    return before && msg.seq > before.seq + 1 ? before : undefined;
  }

  /**
   * Pulls the messages between the newest one held and a live one past a gap, from the
   * server's history (both times inclusive there, so both ends come back and are dropped),
   * newest first up to the history limit; they are shown as the live ones they should have
   * been. Messages that are gone (recalled, deleted for me, not kept in history) leave holes
   * the server has nothing for: one request, nothing shown.
   */
  private async fillGap(received: ClientMsg, before: { seq: number; time: number }): Promise<void> {
    const upTo = received.seq ?? 0; // a message past a gap always has its seq (noteSeq)
    const missing = upTo - before.seq - 1;
    try {
      const reply = await this.context.send('getHistoryMsgs', {
        scene: received.scene,
        to: received.target,
        beginTime: before.time,
        endTime: received.time,
        limit: Math.min(missing + 2, LIMITS.historyMaxLimit),
      });
      const inGap = (reply.msgs as Msg[])
        .filter((m) => m.seq > before.seq && m.seq < upTo)
        .sort((x, y) => x.seq - y.seq);
      const added = this.context.store.putMsgs(
        inGap.map((m) => fromServer(m, this.context.account)),
      );
      this.resolveSafeUrls(added);
      for (const msg of added) {
        this.sessions.touchSession(msg, { countUnread: true });
        this.context.emit('onmsg', msg);
      }
    } catch (error) {
      // The next sync (or a reconnect's) brings them; nothing is lost for good.
      this.context.logger.warn(
        'pulling messages missed before a live one failed',
        (error as Error).message,
      );
    }
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

  private rememberRecall(idServer: string): void {
    this.recallsTold.add(idServer);
    if (this.recallsTold.size > RECALLS_REMEMBERED)
      this.recallsTold.delete(this.recallsTold.values().next().value!);
  }

  private send(type: MsgTypeName, options: Common): Promise<ClientMsg> {
    const { done, isLocal, scene, to, ...fields } = options;
    const target = to.toLowerCase() === to ? to : to.toLowerCase();
    const msg: ClientMsg = {
      ...(fields as Partial<ClientMsg>),
      scene,
      to: scene === 'p2p' ? target : to,
      type: MSG_TYPES[type],
      idClient: newIdClient(),
      from: this.context.account,
      time: Date.now(),
      sessionId: `${scene}-${scene === 'p2p' ? target : to}`,
      target: scene === 'p2p' ? target : to,
      flow: 'out',
      status: isLocal ? 'success' : 'sending',
      ...(isLocal && { isLocal: true }),
    } as ClientMsg;
    const problem = checkOutgoingMsg(toOutgoing(msg, false));
    if (problem) return withDone(Promise.reject(new ImError('Param_Error', problem)), done);
    this.context.store.putMsgs([msg]);
    this.sessions.touchSession(msg, { countUnread: false });
    if (isLocal) return withDone(Promise.resolve(msg), done);
    return withDone(this.deliver(msg, false), done);
  }

  private async deliver(msg: ClientMsg, resend: boolean): Promise<ClientMsg> {
    try {
      const { msg: stored } = await this.context.send('sendMsg', { msg: toOutgoing(msg, resend) });
      const done =
        this.context.store.updateMsg(msg.idClient, {
          ...fromServer(stored, this.context.account),
          status: 'success',
        }) ?? msg;
      this.noteSeq(done); // my own message fills its place in the conversation's order
      this.sessions.touchSession(done, { countUnread: false });
      return done;
    } catch (error) {
      if (error instanceof ImError && error.code === 7101) {
        // The recipient blacklisted the sender: treated as sent, but marked.
        const blocked =
          this.context.store.updateMsg(msg.idClient, { status: 'success', isInBlackList: true }) ??
          msg;
        this.sessions.touchSession(blocked, { countUnread: false });
        return blocked;
      }
      const failed = this.context.store.updateMsg(msg.idClient, { status: 'fail' }) ?? {
        ...msg,
        status: 'fail' as const,
      };
      this.sessions.touchSession(failed, { countUnread: false });
      throw error instanceof ImError
        ? new ImError(error.code, error.message, { ...(error.event as object), msg: failed })
        : error;
    }
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
