// Sessions (document 2, "Session" and section 4): the local session list, unread counts kept in
// step with the server's acks across devices, and the server session commands.
import { ImError, LIMITS, type ReplyOf, type Session } from '@morsel/protocol';
import type { Emit, OnPush, OnSyncDone, Send, Warn } from '../context.ts';
import { fromServer, type ClientMsg, type ClientSession } from '../model.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { withDone, type Done } from '../util/done.ts';

type Scene = Session['scene'];

export interface SessionsContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  onSyncDone: OnSyncDone;
  emit: Emit;
  store: LocalStore;
  logger: Warn;
  /** Unread acknowledgements are sent to the server (and so reach the other devices). */
  syncSessionUnread(): boolean;
}

/**
 * What the message managers change in sessions when messages arrive, go or are read (they take
 * the sessions manager as this, an explicit constructor argument).
 */
export type SessionUpdates = Pick<
  SessionsManager,
  'touchSession' | 'refreshLastMsg' | 'historyCleared' | 'applyAck'
>;

export class SessionsManager {
  private currentSessionId: string | undefined;

  constructor(private readonly context: SessionsContext) {
    context.onPush('syncSessions', ({ sessions }) => {
      for (const session of sessions) this.storeServerSession(session);
    });
    context.onSyncDone(() => context.emit('onsessions', context.store.sessions()));
    context.onPush('sessionAck', ({ ack }) => this.applyAck(ack));
    context.onPush('syncSessionAck', ({ acks }) => {
      for (const ack of acks) this.applyAck(ack);
    });
    context.onPush('sessionsDeleted', ({ sessionIds }) => this.sessionsDeleted(sessionIds));
  }

  /** A new or changed message updates its session: last message, time, unread. */
  touchSession(msg: ClientMsg, options: { countUnread: boolean }): ClientSession {
    const session = this.context.store.getSession(msg.sessionId) ?? {
      id: msg.sessionId,
      scene: msg.scene,
      to: msg.target,
      updateTime: 0,
      unread: 0,
      ack: 0,
    };
    if (!session.lastMsg || session.lastMsg.time <= msg.time) {
      session.lastMsg = msg;
      session.updateTime = Math.max(session.updateTime, msg.time);
    }
    if (msg.flow === 'out') session.ack = Math.max(session.ack, msg.time);
    const unreadable =
      msg.flow === 'in' && msg.isUnreadable !== false && !msg.isLocal && msg.time > session.ack;
    if (options.countUnread && unreadable) {
      if (msg.sessionId === this.currentSessionId) this.acknowledge(session, msg.time);
      else session.unread += 1;
    }
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
    return session;
  }

  /** After messages disappear, the session shows the latest one left. */
  refreshLastMsg(sessionId: string, removed?: { idServer: string; idClient?: string }): void {
    const session = this.context.store.getSession(sessionId);
    if (!session) return;
    const [latest] = this.context.store.msgs({ sessionId, limit: 1 });
    const shown = session.lastMsg;
    // A removed message that is not the one shown leaves it (the sync may have brought the
    // server's last message already, one this device does not hold).
    const keep =
      removed &&
      shown &&
      shown.idServer !== removed.idServer &&
      shown.idClient !== removed.idClient &&
      (!latest || latest.time <= shown.time);
    if (!keep) {
      if (latest) session.lastMsg = latest;
      else delete session.lastMsg;
    }
    session.unread = Math.min(
      session.unread,
      this.context.store.countUnread(sessionId, session.ack, this.context.account),
    );
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
  }

  /**
   * A session's history up to `time` is cleared for this account (here or on another device):
   * its messages go, here and in the local database, and the session keeps the time.
   */
  historyCleared(sessionId: string, time: number, options: { tell: boolean }): void {
    this.context.store.clearSession(sessionId, time);
    const session = this.context.store.getSession(sessionId);
    if (session && time > (session.lastEmptyTime ?? 0)) session.lastEmptyTime = time;
    this.refreshLastMsg(sessionId);
    if (options.tell) this.context.emit('onclearServerHistoryMsgs', { sessionId, time });
  }

  private storeServerSession(server: Session): void {
    const local = this.context.store.getSession(server.id);
    // Cleared on another device while this one was away: its messages up to then go too.
    const clearedAt =
      server.lastEmptyTime !== undefined && server.lastEmptyTime > (local?.lastEmptyTime ?? 0)
        ? server.lastEmptyTime
        : undefined;
    // The session's last message is a preview only: it is not put into the message store, so
    // the messages synced next are all reported as new and local history has no gaps.
    const lastMsg = server.lastMsg
      ? fromServer(server.lastMsg, this.context.account)
      : local?.lastMsg;
    const { lastMsg: _serverLast, ...fields } = server;
    const merged: ClientSession = {
      ...local,
      ...fields,
      ...(lastMsg && { lastMsg }),
      // The server counts unread from its ack; the session being read here reads it now.
      unread: server.id === this.currentSessionId ? 0 : server.unread,
    };
    this.context.store.putSession(merged);
    if (clearedAt !== undefined) {
      // Told only when this device held messages it now drops (a new device's roaming
      // messages all come after the clearing).
      const held =
        this.context.store.msgs({ sessionId: server.id, end: clearedAt, limit: 1 }).length > 0;
      this.context.store.clearSession(server.id, clearedAt);
      if (held)
        this.context.emit('onclearServerHistoryMsgs', { sessionId: server.id, time: clearedAt });
    }
    if (server.id === this.currentSessionId && merged.lastMsg)
      this.acknowledge(merged, merged.lastMsg.time);
  }

  applyAck({ sessionId, ack }: { sessionId: string; ack: number }): void {
    const session = this.context.store.getSession(sessionId);
    if (!session || ack <= session.ack) return; // not newer than what is held: ignored
    session.ack = ack;
    // Unread from an ack: the later messages from others.
    session.unread = Math.min(
      session.unread,
      this.context.store.countUnread(sessionId, ack, this.context.account),
    );
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
  }

  private acknowledge(session: ClientSession, time: number): void {
    session.unread = 0;
    if (!this.context.syncSessionUnread() || time <= session.ack) return;
    session.ack = time;
    this.context
      .send('markSessionAck', { scene: session.scene, to: session.to, timetag: time })
      .catch((error) => this.context.logger.warn('markSessionAck failed', String(error)));
  }

  /** Opens a session: its unread count resets and, with unread sync on, the server learns it. */
  setCurrSession(sessionId: string): void {
    this.currentSessionId = sessionId;
    this.resetSessionUnread(sessionId);
  }

  resetCurrSession(): void {
    this.currentSessionId = undefined;
  }

  resetSessionUnread(sessionId: string): void {
    const session = this.context.store.getSession(sessionId);
    if (!session) return;
    this.acknowledge(session, session.lastMsg?.time ?? session.ack);
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
  }

  getLocalSessions(options: { limit?: number } = {}): ClientSession[] {
    return this.context.store.sessions().slice(0, options.limit ?? Infinity);
  }

  getLocalSession(sessionId: string): ClientSession | undefined {
    return this.context.store.getSession(sessionId);
  }

  /** Adds an empty session locally; an existing one is refused with Session_Exist. */
  insertLocalSession(options: { scene: Scene; to: string }): ClientSession {
    const id = `${options.scene}-${options.to}`;
    if (this.context.store.getSession(id))
      throw new ImError('Session_Exist', `session ${id} exists`);
    const session: ClientSession = {
      id,
      scene: options.scene,
      to: options.to,
      updateTime: Date.now(),
      unread: 0,
      ack: 0,
    };
    this.context.store.putSession(session);
    this.context.emit('onupdatesession', session);
    return session;
  }

  /** Changes a session's local custom data; a missing session is Session_Not_Exist. */
  updateLocalSession(options: { id: string; localCustom: string }): ClientSession {
    const session = this.context.store.getSession(options.id);
    if (!session) throw new ImError('Session_Not_Exist', `session ${options.id} does not exist`);
    session.localCustom = options.localCustom;
    this.context.store.putSession(session);
    return session;
  }

  deleteLocalSession(options: { id: string }): boolean {
    return this.context.store.removeSession(options.id);
  }

  getServerSessions(
    options: {
      minTimestamp?: number;
      maxTimestamp?: number;
      limit?: number;
      done?: Done<ReplyOf<'getServerSessions'>>;
    } = {},
  ) {
    const { done, ...query } = options;
    return withDone(this.context.send('getServerSessions', query), done);
  }

  getServerSession(options: { sessionId: string; done?: Done<ReplyOf<'getServerSession'>> }) {
    return withDone(
      this.context.send('getServerSession', { sessionId: options.sessionId }),
      options.done,
    );
  }

  updateServerSession(options: { sessionId: string; ext: string; done?: Done<void> }) {
    return withDone(
      this.context
        .send('updateServerSession', {
          sessionId: options.sessionId,
          ext: options.ext,
        })
        .then(() => {}),
      options.done,
    );
  }

  /** Deletes server sessions; they go from this device and the account's others too. */
  deleteServerSessions(options: { sessions: { scene: Scene; to: string }[]; done?: Done<void> }) {
    return this.deleteSessionsBy('deleteServerSessions', options.sessions, options.done);
  }

  /** Deletes a session on the server (NIM's deleteSession); a new message brings it back. */
  deleteSession(options: { scene: Scene; to: string; done?: Done<void> }) {
    return this.deleteSessionsBy('deleteSessions', [options], options.done);
  }

  /** Deletes sessions on the server (NIM's deleteSessions), 1 to 100 at a time. */
  deleteSessions(options: { sessions: { scene: Scene; to: string }[]; done?: Done<void> }) {
    return this.deleteSessionsBy('deleteSessions', options.sessions, options.done);
  }

  private deleteSessionsBy(
    command: 'deleteSessions' | 'deleteServerSessions',
    sessions: { scene: Scene; to: string }[],
    done?: Done<void>,
  ) {
    if (sessions.length < 1 || sessions.length > LIMITS.deleteSessionsMax) {
      return withDone(
        Promise.reject(
          new ImError(
            'Param_Error',
            `sessions must hold 1 to ${LIMITS.deleteSessionsMax} sessions`,
          ),
        ),
        done,
      );
    }
    const ids = sessions.map((s) => `${s.scene}-${s.to}`);
    return withDone(
      this.context.send(command, { sessions: ids }).then(() => this.sessionsDeleted(ids)),
      done,
    );
  }

  private sessionsDeleted(ids: string[]): void {
    for (const id of ids) this.context.store.removeSession(id);
    this.context.emit('ondeletesessions', ids);
  }
}
