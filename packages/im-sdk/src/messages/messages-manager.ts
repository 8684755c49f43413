// Messages (document 2, "Message" and sections 4-5): sending every type, resend and forward,
// recall and one-way delete, receipts, server history and search. What the server delivers (live,
// during the sync, in history replies) is handled by its IncomingMsgs (incoming-msgs.ts).
import {
  checkOutgoingMsg,
  WIRE_COMMANDS,
  ImError,
  LIMITS,
  MSG_TYPES,
  type Msg,
  type MsgTypeName,
  type OutgoingMsg,
  type ReplyOf,
} from '@morsel/protocol';
import type { OnSyncStart } from '../context.ts';
import { fromServer, newIdClient, type ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import { withDone, type Done } from '../util/done.ts';
import { IncomingMsgs, type IncomingMsgsContext } from './incoming-msgs.ts';
import { keyOf, OUTGOING_FIELDS, toOutgoing } from './outgoing.ts';

export interface MessagesContext extends IncomingMsgsContext {
  onSyncStart: OnSyncStart;
}

type Scene = Msg['scene'];
type Common = Omit<Partial<OutgoingMsg>, 'scene' | 'to' | 'type' | 'idClient' | 'resend'> & {
  scene: Scene;
  to: string;
  /** Keep the message on this device only: it is never sent and is a success at once. */
  isLocal?: boolean;
  done?: Done<ClientMsg>;
};

const DELETE_REFUSED =
  'only messages you sent to others, sent successfully and not local can be deleted';
const FILE_KINDS = {
  image: MSG_TYPES.image,
  audio: MSG_TYPES.audio,
  video: MSG_TYPES.video,
  file: MSG_TYPES.file,
} as const;

export class MessagesManager {
  /** Messages from the server: pushes, the sync's, history replies. */
  private readonly incoming: IncomingMsgs;

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
    this.incoming = new IncomingMsgs(context, sessions);
  }

  sendText(options: Common & { text: string }) {
    return this.send('text', options);
  }

  /**
   * A message with a file already uploaded (image, audio, video or any file; default type file).
   * For the files manager: NIM's sendFile (files/files-manager.ts) uploads first when needed.
   */
  sendFileMsg(
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
        this.incoming.rememberRecall(msg.idServer!);
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
        sid: WIRE_COMMANDS.msg.sid,
        cid: WIRE_COMMANDS.msg.cid,
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
      this.context
        .send('getHistoryMsgs', query)
        .then((reply) => ({ msgs: this.incoming.keep(reply.msgs) })),
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
        .then((reply) => ({ msgs: this.incoming.keep(reply.msgs) })),
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
        msgs: this.incoming.keep(reply.msgs),
      }));
    return withDone(work, options.done);
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
      this.incoming.noteOwnSeq(done); // my own message takes its place in the conversation's order
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
