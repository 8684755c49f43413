// Message extras (document 2, msgExtend): quick comments, collects, stick-top sessions, message
// pins and thread messages. Parameters are checked here with the spec's messages before anything
// is sent; stick-top state is kept on the local sessions (isTop, topCustom), so it lives as long
// as the sessions do, and the pushes and sync of the server keep every device in step.
import { ImError, LIMITS, type Msg, type ReplyOf, type RequestOf } from '@morsel/protocol';
import type { NimCore } from '../core.ts';
import { withDone, type Done } from '../util/done.ts';
import type { Constructor } from './mixin.ts';
import { fromServer, type ClientMsg, type ClientSession } from './model.ts';

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

export function ExtrasApi<TBase extends Constructor<NimCore>>(Base: TBase) {
  return class Extras extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.onPush('quickComment', ({ msg, comment }) =>
        this.options.onQuickComment?.(msg, comment),
      );
      this.onPush('quickCommentDeleted', ({ msg, comment }) =>
        this.options.onDeleteQuickComment?.(msg, comment),
      );
      this.onPush('syncQuickComments', ({ comments }) => {
        for (const { msg, comment, deleted } of comments) {
          if (deleted) this.options.onDeleteQuickComment?.(msg, comment);
          else this.options.onQuickComment?.(msg, comment);
        }
      });

      this.onPush('collectChanged', (change) => this.options.onCollectChange?.(change));

      this.onPush('stickTopSessionChanged', ({ type, stickTopSession }) =>
        this.applyStickTop(stickTopSession, type !== 'delete'),
      );
      this.onPush('syncStickTopSessions', ({ stickTopSessions }) => {
        for (const top of stickTopSessions) {
          const { deleted, ...record } = top;
          this.applyStickTop(record, !deleted);
        }
        this.options.onStickTopSessions?.(this.stickTopSessions());
      });

      this.onPush('msgPinChanged', (change) => this.options.onPinMsgChange?.(change));
      this.onPush('syncMsgPins', ({ pins }) => {
        for (const { deleted, ...pin } of pins) {
          this.options.onPinMsgChange?.({ type: deleted ? 'delete' : 'add', pin });
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
        this.sendCmd('addQuickComment', { msg: key, ...fields }).then((r) => r.comment),
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
        this.sendCmd('deleteQuickComment', { msg: key, ...fields }).then((r) => r.comment),
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
        return refuse(
          'every msg must be a message the server stored (with idServer)',
          options.done,
        );
      const work = this.sendCmd('getQuickComments', { msgs: keys as MsgKey[] }).then((r) => ({
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
        this.sendCmd('addCollect', params).then((r) => r.collect),
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
      return withDone(this.sendCmd('deleteCollects', { collectList }), options.done);
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
        this.sendCmd('updateCollect', { ...params, id: String(params.id) }).then((r) => r.collect),
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
      return withDone(this.sendCmd('getCollects', query), done);
    }

    // Stick-top sessions -----------------------------------------------------------------------

    addStickTopSession(options: { id: string; topCustom?: string; done?: Done<StickTopSession> }) {
      const { done, ...params } = options;
      if (!SESSION_ID.test(params.id ?? '')) return refuse(SESSION_ID_REFUSED, done);
      const work = this.sendCmd('addStickTopSession', params).then(({ stickTopSession }) => {
        this.applyStickTop(stickTopSession, true);
        return stickTopSession;
      });
      return withDone(work, done);
    }

    updateStickTopSession(options: {
      id: string;
      topCustom: string;
      done?: Done<StickTopSession>;
    }) {
      const { done, ...params } = options;
      if (!SESSION_ID.test(params.id ?? '')) return refuse(SESSION_ID_REFUSED, done);
      if (typeof params.topCustom !== 'string') return refuse('topCustom is required', done);
      const work = this.sendCmd('updateStickTopSession', params).then(({ stickTopSession }) => {
        this.applyStickTop(stickTopSession, true);
        return stickTopSession;
      });
      return withDone(work, done);
    }

    deleteStickTopSession(options: { id: string; done?: Done<void> }) {
      if (!SESSION_ID.test(options.id ?? '')) return refuse(SESSION_ID_REFUSED, options.done);
      const work = this.sendCmd('deleteStickTopSession', { id: options.id }).then(({ time }) => {
        const held = (this.store.getSession(options.id) as TopSession | undefined)?.stickTopInfo;
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
      const work = this.sendCmd('addMsgPin', {
        msg: key,
        ...(options.pinCustom !== undefined && { pinCustom: options.pinCustom }),
      }).then((r) => r.pin);
      return withDone(work, options.done);
    }

    updateMsgPin(options: { msg: MsgRef; pinCustom: string; done?: Done<MsgPin> }) {
      const key = keyOf(options.msg);
      if (!key)
        return refuse('msg must be a message the server stored (with idServer)', options.done);
      if (typeof options.pinCustom !== 'string')
        return refuse('pinCustom is required', options.done);
      return withDone(
        this.sendCmd('updateMsgPin', { msg: key, pinCustom: options.pinCustom }).then((r) => r.pin),
        options.done,
      );
    }

    deleteMsgPin(options: { msg: MsgRef; done?: Done<void> }) {
      const key = keyOf(options.msg);
      if (!key)
        return refuse('msg must be a message the server stored (with idServer)', options.done);
      return withDone(
        this.sendCmd('deleteMsgPin', { msg: key }).then(() => {}),
        options.done,
      );
    }

    /** The pins of a session (id `scene-to`), newest first, each with its message when visible. */
    getMsgPins(options: { id: string; done?: Done<{ pins: MsgPinWithMsg[] }> }) {
      if (!SESSION_ID.test(options.id ?? '')) return refuse(SESSION_ID_REFUSED, options.done);
      const work = this.sendCmd('getMsgPins', { sessionId: options.id }).then(({ pins, msgs }) => {
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
      const work = this.sendCmd('getThreadMsgs', { threadMsg: root, ...query }).then((reply) => ({
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
      const mapped = msgs.map((m) => fromServer(m, this.account));
      this.store.putMsgs(mapped);
      return mapped.map((m) => this.store.getMsg(m.idClient) ?? m);
    }

    private stickTopSessions(): StickTopSession[] {
      return (this.store.sessions() as TopSession[])
        .filter((s) => s.isTop && s.stickTopInfo)
        .map((s) => s.stickTopInfo!)
        .sort((a, b) => b.updateTime - a.updateTime);
    }

    /**
     * Reflects a stick-top record on the local session (created when not held yet, so a session
     * on top shows even before its first message arrives here).
     */
    private applyStickTop(record: StickTopSession, isTop: boolean): void {
      const held = this.store.getSession(record.id) as TopSession | undefined;
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
      this.store.putSession(session);
      this.options.onupdatesession?.(session);
      this.options.onupdateStickTopSession?.({ ...record, isTop });
    }
  };
}
