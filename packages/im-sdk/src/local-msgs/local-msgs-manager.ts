// Local messages with NIM's names (document 2's "local message ... APIs"): reading what this
// device holds (memory, the local database, the local search), and messages this device keeps
// for itself, saved, changed and deleted here only, never on the server. Each change goes
// to the memory store, whose writer persists it to the local database (IndexedDB in browsers),
// so the next visit shows the same; deletions reach messages the working set never loaded too.
// A deleted message the next sync may deliver again (newer than its category's timetag: live
// messages within the live timetag's margin) is remembered as a tombstone, so it stays deleted.
import { ImError, LIMITS, type Msg } from '@morsel/protocol';
import { MSG_TIMETAG } from '../messages/outgoing.ts';
import type { ClientMsg } from '../model.ts';
import type { SessionUpdates } from '../sessions/sessions-manager.ts';
import type { LocalDb } from '../store/local-db.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { withDone, type Done } from '../util/done.ts';

type Scene = Msg['scene'];

export interface LocalMsgsContext {
  readonly account: string;
  store: LocalStore;
  localDb: Pick<LocalDb, 'readMsgs' | 'clear'>;
  /** Settles once the local database's working set is in the store. */
  localLoaded: Promise<void>;
}

/** The user profiles this device holds, which searchLocal's `user.…` key paths search. */
export interface LocalUsers {
  localUsers(): object[];
}

const SCENES: ReadonlySet<string> = new Set<Scene>(['p2p', 'team', 'superTeam']);

/** A message to save: a message object as the SDK hands them out, or at least its core fields. */
export type MsgToSave = Pick<ClientMsg, 'scene' | 'from' | 'to' | 'type' | 'idClient' | 'time'> &
  Partial<ClientMsg>;

export class LocalMsgsManager {
  constructor(
    private readonly context: LocalMsgsContext,
    private readonly sessions: SessionUpdates,
    private readonly users: LocalUsers,
  ) {}

  /** Messages held on this device, newest first unless `desc` is false. */
  getLocalMsgs(options: {
    sessionId: string;
    start?: number;
    end?: number;
    limit?: number;
    desc?: boolean;
  }): ClientMsg[] {
    const limit = options.limit ?? LIMITS.defaultReadLimit;
    if (!Number.isInteger(limit) || limit < 1)
      throw new ImError('Param_Error', 'limit must be at least 1');
    if (options.start !== undefined && options.end !== undefined && options.end <= options.start) {
      throw new ImError('Param_Error', 'end must be later than start');
    }
    return this.context.store.msgs({ ...options, limit });
  }

  getLocalMsgByIdClient(idClient: string): ClientMsg | undefined {
    return this.context.store.getMsg(idClient);
  }

  /**
   * Searches this device's data: message text by default, or sessions by a key path such as
   * `session.localCustom`. A key path must start with user or session.
   */
  searchLocal(options: {
    keyword: string;
    keyPath?: string;
    limit?: number;
  }): (ClientMsg | object)[] {
    if (!options.keyword) throw new ImError('Param_Error', 'searchLocal needs a keyword');
    const limit = options.limit ?? LIMITS.defaultReadLimit;
    const keyword = options.keyword.toLowerCase();
    if (!options.keyPath)
      return this.context.store.search(
        (m) => (m.text ?? '').toLowerCase().includes(keyword),
        limit,
      );
    const [root, ...path] = options.keyPath.split('.');
    if (root !== 'user' && root !== 'session')
      throw new ImError('Param_Error', 'keyPath must start with user or session');
    const valueAt = (record: object) =>
      path.reduce<unknown>(
        (value, key) => (value as Record<string, unknown> | undefined)?.[key],
        record,
      );
    const records: object[] =
      root === 'user' ? this.users.localUsers() : this.context.store.sessions();
    return records
      .filter((r) =>
        String(valueAt(r) ?? '')
          .toLowerCase()
          .includes(keyword),
      )
      .slice(0, limit);
  }

  /**
   * A session's messages from the local database, newest first unless `desc` is false: also
   * those older than the working set `getLocalMsgs` reads. Without a database: no messages.
   */
  getLocalMsgsFromDB(options: {
    sessionId: string;
    start?: number;
    end?: number;
    limit?: number;
    desc?: boolean;
    done?: Done<{ msgs: ClientMsg[] }>;
  }): Promise<{ msgs: ClientMsg[] }> {
    const { done, ...query } = options;
    const limit = query.limit ?? LIMITS.defaultReadLimit;
    if (!Number.isInteger(limit) || limit < 1)
      return withDone(Promise.reject(new ImError('Param_Error', 'limit must be at least 1')), done);
    if (query.start !== undefined && query.end !== undefined && query.end <= query.start) {
      return withDone(
        Promise.reject(new ImError('Param_Error', 'end must be later than start')),
        done,
      );
    }
    const work = this.context.localLoaded
      .then(() => this.context.localDb.readMsgs({ ...query, limit }))
      .then((msgs) => ({ msgs }));
    return withDone(work, done);
  }

  /**
   * Empties this account's local database on this device (the next login syncs as a new device
   * would); what is in memory stays until the page goes. Without a database: NO_DB 'no db'.
   */
  clearDB(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(
      this.context.localLoaded.then(() => this.context.localDb.clear()),
      options.done,
    );
  }

  /**
   * Saves messages on this device (NIM's saveMsgsToLocal): new ones are added, one already
   * held (same idClient) takes the given fields. Their sessions show them as last message when
   * they are the latest; nothing counts as unread. Resolves with the messages as stored.
   */
  saveMsgsToLocal(options: { msgs: MsgToSave[]; done?: Done<ClientMsg[]> }): Promise<ClientMsg[]> {
    const work = this.context.localLoaded.then(() => {
      if (!Array.isArray(options.msgs) || options.msgs.length === 0)
        throw new ImError('Param_Error', 'msgs must hold at least one message');
      const msgs = options.msgs.map((m) => this.toLocal(m));
      const saved = msgs.map((msg) => {
        const held = this.context.store.getMsg(msg.idClient);
        if (!held) {
          this.context.store.putMsgs([msg]);
          return this.context.store.getMsg(msg.idClient) ?? msg;
        }
        // The session a message belongs to never changes: its ids and sides stay.
        const { sessionId: _sessionId, target: _target, ...patch } = msg;
        return this.context.store.updateMsg(held.idClient, patch)!;
      });
      for (const msg of saved) this.sessions.touchSession(msg, { countUnread: false });
      return saved;
    });
    return withDone(work, options.done);
  }

  /**
   * Deletes one message on this device (NIM's deleteLocalMsg); false when it is not held. The
   * session shows the message before it.
   */
  deleteLocalMsg(options: { msg: ClientMsg }): boolean {
    const removed = this.context.store.removeMsg(options.msg.idClient);
    if (!removed) return false;
    this.keepDeleted([removed]);
    this.sessions.refreshLastMsg(removed.sessionId);
    return true;
  }

  /** Changes the local custom data of a message held on this device (NIM's updateLocalMsg). */
  updateLocalMsg(options: {
    idClient: string;
    localCustom: string;
    done?: Done<ClientMsg>;
  }): Promise<ClientMsg> {
    const work = this.context.localLoaded.then(() => {
      if (typeof options.localCustom !== 'string')
        throw new ImError('Param_Error', 'localCustom must be a string');
      const msg = this.context.store.updateMsg(options.idClient, {
        localCustom: options.localCustom,
      });
      if (!msg)
        throw new ImError('Param_Error', `no local message has idClient ${options.idClient}`);
      // The session keeps its last message as a copy in the database: store it again.
      const session = this.context.store.getSession(msg.sessionId);
      if (session?.lastMsg?.idClient === msg.idClient) {
        session.lastMsg = msg;
        this.context.store.putSession(session);
      }
      return msg;
    });
    return withDone(work, options.done);
  }

  /**
   * Deletes every message of one session on this device (NIM's deleteLocalMsgs), also those
   * only the local database holds. The session stays, without a last message or unread.
   */
  deleteLocalMsgs(options: { scene: Scene; to: string; done?: Done<void> }): Promise<void> {
    const work = this.context.localLoaded.then(() => {
      if (!SCENES.has(options.scene))
        throw new ImError('Param_Error', 'scene must be p2p, team or superTeam');
      if (!options.to) throw new ImError('Param_Error', 'to is required');
      const sessionId = `${options.scene}-${options.to}`;
      this.keepDeleted(this.context.store.msgs({ sessionId, limit: Infinity }));
      this.context.store.clearSession(sessionId, Infinity);
      this.sessions.refreshLastMsg(sessionId);
    });
    return withDone(work, options.done);
  }

  /** Deletes every message on this device (NIM's deleteAllLocalMsgs); sessions stay, emptied. */
  deleteAllLocalMsgs(options: { done?: Done<void> } = {}): Promise<void> {
    const work = this.context.localLoaded.then(() => {
      this.keepDeleted(this.context.store.clearMsgs());
      for (const session of this.context.store.sessions()) this.sessions.refreshLastMsg(session.id);
    });
    return withDone(work, options.done);
  }

  /**
   * Tombstones for deleted messages the next sync may deliver again. Those older than their
   * timetag are never sent again; those memory never loaded are older than the working set,
   * whose load covers every stored message newer than the offline timetag.
   */
  private keepDeleted(msgs: ClientMsg[]): void {
    const timetags = this.context.store.timetags();
    const deleted = msgs.filter(
      (m) => m.idServer && m.time > (timetags[MSG_TIMETAG[m.scene]] ?? 0),
    );
    this.context.store.markDeletedHere(
      deleted.map((m) => ({ idServer: m.idServer!, time: m.time })),
    );
  }

  /** A message to save, completed as the SDK's own are (session, side, status). */
  private toLocal(msg: MsgToSave): ClientMsg {
    if (!msg || typeof msg !== 'object')
      throw new ImError('Param_Error', 'msgs must be message objects');
    if (!SCENES.has(msg.scene))
      throw new ImError('Param_Error', 'scene must be p2p, team or superTeam');
    if (!msg.idClient || typeof msg.idClient !== 'string')
      throw new ImError('Param_Error', 'a message needs its idClient');
    if (!msg.from || !msg.to) throw new ImError('Param_Error', 'a message needs from and to');
    if (typeof msg.type !== 'number') throw new ImError('Param_Error', 'a message needs its type');
    if (typeof msg.time !== 'number' || !Number.isFinite(msg.time))
      throw new ImError('Param_Error', 'a message needs its time');
    const outgoing = msg.from.toLowerCase() === this.context.account;
    const target = msg.scene === 'p2p' ? (outgoing ? msg.to : msg.from) : msg.to;
    return {
      ...msg,
      sessionId: `${msg.scene}-${target}`,
      target,
      flow: outgoing ? 'out' : 'in',
      status: msg.status ?? 'success',
    } as ClientMsg;
  }
}
