// Message extras (document 2, msgExtend): quick comments, collects, stick-top sessions, message
// pins and thread messages. Parameters are checked here with the spec's messages before anything
// is sent; stick-top state is kept on the local sessions (isTop, topCustom), so it lives as long
// as the sessions do, and the pushes and sync of the server keep every device in step.
import { ImError, LIMITS, type Msg, type ReplyOf, type RequestOf } from '@morsel/protocol';
import type { Emit, OnPush, Send } from '../context.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { withDone, type Done } from '../util/done.ts';
import { fromServer, type ClientMsg, type ClientSession } from '../model.ts';

export type MsgKey = RequestOf<'addMsgPin'>['msg'];
export type QuickComment = ReplyOf<'addQuickComment'>['comment'];
export type Collect = ReplyOf<'addCollect'>['collect'];
export type MsgPin = ReplyOf<'addMsgPin'>['pin'];
export type StickTopSession = ReplyOf<'addStickTopSession'>['stickTopSession'];
export type ExtrasChange = 'add' | 'update' | 'delete';
export interface MsgPinWithMsg extends MsgPin {
  /** The pinned message as this device holds it (absent when it can no longer be seen). */
  message?: ClientMsg;
}
export interface QuickCommentsOfMsg {
  msg: MsgKey;
  idServer: string;
  comments: QuickComment[];
  updateTime: number;
}

/** A message to act on: a message object, or at least its scene, from, to, idServer and time. */
type MsgRef = Pick<ClientMsg, 'scene' | 'from' | 'to' | 'time'> & {
  idServer?: string;
  idClient?: string;
};
type PushFields = Pick<
  RequestOf<'addQuickComment'>,
  'needPush' | 'needBadge' | 'pushTitle' | 'pushContent' | 'pushPayload'
>;
/** A session the account keeps on top: the local session with the server's record beside it. */
type TopSession = ClientSession & { stickTopInfo?: StickTopSession };

const ONLY_INTEGERS = 'only integers allowed';
const SESSION_ID = /^(p2p|team|superTeam)-.+$/;
const SESSION_ID_REFUSED = 'id must be scene-id with a valid scene (p2p, team or superTeam)';

const refuse = <T>(message: string, done?: Done<T>) =>
  withDone<T>(Promise.reject(new ImError('Param_Error', message)), done);

function keyOf(msg: MsgRef): MsgKey | undefined {
  if (!msg?.idServer) return undefined;
  return {
    scene: msg.scene,
    from: msg.from,
    to: msg.to,
    idServer: msg.idServer,
    ...(msg.idClient && { idClient: msg.idClient }),
    time: msg.time,
  };
}

function sessionParts(id: string): { scene: ClientSession['scene']; to: string } {
  const dash = id.indexOf('-');
  return { scene: id.slice(0, dash) as ClientSession['scene'], to: id.slice(dash + 1) };
}

export interface ExtrasContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  emit: Emit;
  store: LocalStore;
}

export class ExtrasManager {
  constructor(private readonly context: ExtrasContext) {
    this.context.onPush('quickComment', ({ msg, comment }) =>
      this.context.emit('onQuickComment', msg, comment),
    );
    this.context.onPush('quickCommentDeleted', ({ msg, comment }) =>
      this.context.emit('onDeleteQuickComment', msg, comment),
    );
    this.context.onPush('syncQuickComments', ({ comments }) => {
      for (const { msg, comment, deleted } of comments) {
        if (deleted) this.context.emit('onDeleteQuickComment', msg, comment);
        else this.context.emit('onQuickComment', msg, comment);
      }
    });

    this.context.onPush('collectChanged', (change) => this.context.emit('onCollectChange', change));

    this.context.onPush('stickTopSessionChanged', ({ type, stickTopSession }) =>
      this.applyStickTop(stickTopSession, type !== 'delete'),
    );
    this.context.onPush('syncStickTopSessions', ({ stickTopSessions }) => {
      for (const top of stickTopSessions) {
        const { deleted, ...record } = top;
        this.applyStickTop(record, !deleted);
      }
      this.context.emit('onStickTopSessions', this.stickTopSessions());
    });

    this.context.onPush('msgPinChanged', (change) => this.context.emit('onPinMsgChange', change));
    this.context.onPush('syncMsgPins', ({ pins }) => {
      for (const { deleted, ...pin } of pins) {
        this.context.emit('onPinMsgChange', { type: deleted ? 'delete' : 'add', pin });
      }
    });
  }

  // Quick comments ---------------------------------------------------------------------------

  /** Adds (or, for the same body again, updates) my quick comment on a message. */
  addQuickComment(
    options: {
      msg: MsgRef;
      body: number;
      custom?: string;
      done?: Done<QuickComment>;
    } & PushFields,
  ) {
    const { msg, done, ...fields } = options;
    const key = keyOf(msg);
    if (!key) return refuse('msg must be a message the server stored (with idServer)', done);
    if (!Number.isInteger(fields.body)) return refuse(`body: ${ONLY_INTEGERS}`, done);
    return withDone(
      this.context.send('addQuickComment', { msg: key, ...fields }).then((r) => r.comment),
      done,
    );
  }

  /** Deletes my quick comment with that body; another account's comment is not mine to delete. */
  deleteQuickComment(
    options: {
      msg: MsgRef;
      body: number;
      custom?: string;
      done?: Done<QuickComment>;
    } & PushFields,
  ) {
    const { msg, done, ...fields } = options;
    const key = keyOf(msg);
    if (!key) return refuse('msg must be a message the server stored (with idServer)', done);
    if (!Number.isInteger(fields.body)) return refuse(`body: ${ONLY_INTEGERS}`, done);
    return withDone(
      this.context.send('deleteQuickComment', { msg: key, ...fields }).then((r) => r.comment),
      done,
    );
  }

  /** The quick comments of 1 to 20 messages (messages I may not see are left out). */
  getQuickComments(options: { msgs: MsgRef[]; done?: Done<{ comments: QuickCommentsOfMsg[] }> }) {
    const msgs = options.msgs ?? [];
    if (msgs.length < 1 || msgs.length > LIMITS.getQuickCommentsMax)
      return refuse(`msgs must hold 1 to ${LIMITS.getQuickCommentsMax} messages`, options.done);
    const keys = msgs.map(keyOf);
    if (keys.some((k) => !k))
      return refuse('every msg must be a message the server stored (with idServer)', options.done);
    const work = this.context.send('getQuickComments', { msgs: keys as MsgKey[] }).then((r) => ({
      comments: r.comments.map((c) => ({ ...c, idServer: c.msg.idServer })),
    }));
    return withDone(work, options.done);
  }

  // Collects ---------------------------------------------------------------------------------

  addCollect(options: {
    type: number;
    data: string;
    custom?: string;
    uniqueId?: string;
    done?: Done<Collect>;
  }) {
    const { done, ...params } = options;
    if (!Number.isInteger(params.type)) return refuse(`type: ${ONLY_INTEGERS}`, done);
    if (typeof params.data !== 'string' || params.data.length === 0)
      return refuse('data is required', done);
    return withDone(
      this.context.send('addCollect', params).then((r) => r.collect),
      done,
    );
  }

  /** Deletes 1 to 100 of my collects, all or none. */
  deleteCollects(options: {
    collectList: { id: string; createTime?: number }[];
    done?: Done<{ deleteCount: number }>;
  }) {
    const list = options.collectList ?? [];
    if (list.length < 1 || list.length > LIMITS.deleteCollectsMax)
      return refuse(
        `collectList must hold 1 to ${LIMITS.deleteCollectsMax} collects`,
        options.done,
      );
    const collectList = list.map((c) => ({
      id: String(c.id),
      ...(c.createTime !== undefined && { createTime: c.createTime }),
    }));
    return withDone(this.context.send('deleteCollects', { collectList }), options.done);
  }

  updateCollect(options: {
    id: string;
    createTime?: number;
    custom: string;
    done?: Done<Collect>;
  }) {
    const { done, ...params } = options;
    if (typeof params.custom !== 'string') return refuse('custom is required', done);
    return withDone(
      this.context
        .send('updateCollect', { ...params, id: String(params.id) })
        .then((r) => r.collect),
      done,
    );
  }

  /** My collects, newest first (reverse: oldest first), by creation time. */
  getCollects(options: RequestOf<'getCollects'> & { done?: Done<ReplyOf<'getCollects'>> } = {}) {
    const { done, ...query } = options;
    if (
      query.limit !== undefined &&
      (!Number.isInteger(query.limit) ||
        query.limit < 1 ||
        query.limit > LIMITS.getCollectsMaxLimit)
    ) {
      return refuse(`limit must be 1 to ${LIMITS.getCollectsMaxLimit}`, done);
    }
    if (query.type !== undefined && !Number.isInteger(query.type))
      return refuse(`type: ${ONLY_INTEGERS}`, done);
    if (
      query.beginTime !== undefined &&
      query.endTime !== undefined &&
      query.endTime > 0 &&
      query.beginTime > query.endTime
    ) {
      return refuse('beginTime must not be after endTime', done);
    }
    return withDone(this.context.send('getCollects', query), done);
  }

  // Stick-top sessions -----------------------------------------------------------------------

  addStickTopSession(options: { id: string; topCustom?: string; done?: Done<StickTopSession> }) {
    const { done, ...params } = options;
    if (!SESSION_ID.test(params.id ?? '')) return refuse(SESSION_ID_REFUSED, done);
    const work = this.context.send('addStickTopSession', params).then(({ stickTopSession }) => {
      this.applyStickTop(stickTopSession, true);
      return stickTopSession;
    });
    return withDone(work, done);
  }

  updateStickTopSession(options: { id: string; topCustom: string; done?: Done<StickTopSession> }) {
    const { done, ...params } = options;
    if (!SESSION_ID.test(params.id ?? '')) return refuse(SESSION_ID_REFUSED, done);
    if (typeof params.topCustom !== 'string') return refuse('topCustom is required', done);
    const work = this.context.send('updateStickTopSession', params).then(({ stickTopSession }) => {
      this.applyStickTop(stickTopSession, true);
      return stickTopSession;
    });
    return withDone(work, done);
  }

  deleteStickTopSession(options: { id: string; done?: Done<void> }) {
    if (!SESSION_ID.test(options.id ?? '')) return refuse(SESSION_ID_REFUSED, options.done);
    const work = this.context.send('deleteStickTopSession', { id: options.id }).then(({ time }) => {
      const held = (this.context.store.getSession(options.id) as TopSession | undefined)
        ?.stickTopInfo;
      this.applyStickTop(
        { ...(held ?? { id: options.id, createTime: time }), updateTime: time },
        false,
      );
    });
    return withDone(work, options.done);
  }

  /** The sessions on top, from this device's synced state. */
  getStickTopSessions(options: { done?: Done<StickTopSession[]> } = {}) {
    return withDone(Promise.resolve(this.stickTopSessions()), options.done);
  }

  // Message pins -----------------------------------------------------------------------------

  addMsgPin(options: { msg: MsgRef; pinCustom?: string; done?: Done<MsgPin> }) {
    const key = keyOf(options.msg);
    if (!key)
      return refuse('msg must be a message the server stored (with idServer)', options.done);
    const work = this.context
      .send('addMsgPin', {
        msg: key,
        ...(options.pinCustom !== undefined && { pinCustom: options.pinCustom }),
      })
      .then((r) => r.pin);
    return withDone(work, options.done);
  }

  updateMsgPin(options: { msg: MsgRef; pinCustom: string; done?: Done<MsgPin> }) {
    const key = keyOf(options.msg);
    if (!key)
      return refuse('msg must be a message the server stored (with idServer)', options.done);
    if (typeof options.pinCustom !== 'string') return refuse('pinCustom is required', options.done);
    return withDone(
      this.context
        .send('updateMsgPin', { msg: key, pinCustom: options.pinCustom })
        .then((r) => r.pin),
      options.done,
    );
  }

  deleteMsgPin(options: { msg: MsgRef; done?: Done<void> }) {
    const key = keyOf(options.msg);
    if (!key)
      return refuse('msg must be a message the server stored (with idServer)', options.done);
    return withDone(
      this.context.send('deleteMsgPin', { msg: key }).then(() => {}),
      options.done,
    );
  }

  /** The pins of a session (id `scene-to`), newest first, each with its message when visible. */
  getMsgPins(options: { id: string; done?: Done<{ pins: MsgPinWithMsg[] }> }) {
    if (!SESSION_ID.test(options.id ?? '')) return refuse(SESSION_ID_REFUSED, options.done);
    const work = this.context
      .send('getMsgPins', { sessionId: options.id })
      .then(({ pins, msgs }) => {
        const held = new Map(this.keepMsgs(msgs).map((m) => [m.idServer, m]));
        return {
          pins: pins.map((pin) => ({
            ...pin,
            ...(held.has(pin.msg.idServer) && { message: held.get(pin.msg.idServer)! }),
          })),
        };
      });
    return withDone(work, options.done);
  }

  // Threads ----------------------------------------------------------------------------------

  /**
   * A thread: its root message and a page of replies (newest first unless `reverse`). The root
   * is `threadMsg` (a message) or NIM's flat threadMsgFromAccount/ToAccount/IdServer/Time.
   */
  getThreadMsgs(options: {
    threadMsg?: MsgRef;
    scene?: ClientMsg['scene'];
    threadMsgFromAccount?: string;
    threadMsgToAccount?: string;
    threadMsgIdServer?: string;
    threadMsgTime?: number;
    beginTime?: number;
    endTime?: number;
    lastMsgId?: string;
    limit?: number;
    reverse?: boolean;
    done?: Done<{ threadMsg: ClientMsg; msgs: ClientMsg[]; total: number; timetag: number }>;
  }) {
    const {
      done,
      threadMsg,
      scene,
      threadMsgFromAccount,
      threadMsgToAccount,
      threadMsgIdServer,
      threadMsgTime,
      ...query
    } = options;
    const root = threadMsg
      ? keyOf(threadMsg)
      : scene &&
          threadMsgFromAccount &&
          threadMsgToAccount &&
          threadMsgIdServer &&
          threadMsgTime !== undefined
        ? {
            scene,
            from: threadMsgFromAccount,
            to: threadMsgToAccount,
            idServer: threadMsgIdServer,
            time: threadMsgTime,
          }
        : undefined;
    if (!root)
      return refuse(
        'threadMsg (or scene, threadMsgFromAccount, threadMsgToAccount, threadMsgIdServer and threadMsgTime) is required',
        done,
      );
    if (
      query.limit !== undefined &&
      (!Number.isInteger(query.limit) ||
        query.limit < 1 ||
        query.limit > LIMITS.getThreadMsgsMaxLimit)
    ) {
      return refuse(`limit must be 1 to ${LIMITS.getThreadMsgsMaxLimit}`, done);
    }
    if (
      query.beginTime !== undefined &&
      query.endTime !== undefined &&
      query.endTime > 0 &&
      query.endTime <= query.beginTime
    ) {
      return refuse('endTime must be after beginTime', done);
    }
    const work = this.context
      .send('getThreadMsgs', { threadMsg: root, ...query })
      .then((reply) => ({
        threadMsg: this.keepMsgs([reply.threadMsg])[0]!,
        msgs: this.keepMsgs(reply.msgs),
        total: reply.total,
        timetag: reply.timetag,
      }));
    return withDone(work, done);
  }

  // Local state ------------------------------------------------------------------------------

  /** Messages from the server, kept in the local store (once) and returned as held there. */
  private keepMsgs(msgs: Msg[]): ClientMsg[] {
    const mapped = msgs.map((m) => fromServer(m, this.context.account));
    this.context.store.putMsgs(mapped);
    return mapped.map((m) => this.context.store.getMsg(m.idClient) ?? m);
  }

  private stickTopSessions(): StickTopSession[] {
    return (this.context.store.sessions() as TopSession[])
      .filter((s) => s.isTop && s.stickTopInfo)
      .map((s) => s.stickTopInfo!)
      .sort((a, b) => b.updateTime - a.updateTime);
  }

  /**
   * Reflects a stick-top record on the local session (created when not held yet, so a session
   * on top shows even before its first message arrives here).
   */
  private applyStickTop(record: StickTopSession, isTop: boolean): void {
    const held = this.context.store.getSession(record.id) as TopSession | undefined;
    if (!held && !isTop) return;
    // A late push must not undo a newer change made here.
    if (held?.stickTopInfo && held.stickTopInfo.updateTime > record.updateTime) return;
    const { scene, to } = sessionParts(record.id);
    const session: TopSession = held ?? {
      id: record.id,
      scene,
      to,
      updateTime: record.updateTime,
      unread: 0,
      ack: 0,
    };
    session.isTop = isTop;
    session.stickTopInfo = record;
    if (isTop && record.topCustom !== undefined) session.topCustom = record.topCustom;
    else delete session.topCustom;
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
    this.context.emit('onupdateStickTopSession', { ...record, isTop });
  }
}
