// The local store's contract and its memory engine (Node, and browsers without IndexedDB).
// Messages are kept per session in time order and deduplicated by idClient and idServer, so a
// message that arrives twice (a push and a sync, a resend) is stored and shown once.
// The memory store is the managers' synchronous working set; a listener (the local database's
// writer, see local-db.ts) hears every change and persists it behind the scenes.
import type { SyncTimetags } from '@morsel/protocol';
import type { ClientMsg, ClientSession } from '../model.ts';
import type { ClientSysMsg } from '../model.ts';

export interface LocalMsgQuery {
  sessionId: string;
  /** Inclusive lower and upper time bounds. */
  start?: number;
  end?: number;
  limit: number;
  /** Newest first (default) or oldest first. */
  desc?: boolean;
}

export interface LocalStore {
  timetags(): SyncTimetags;
  setTimetags(timetags: SyncTimetags): void;
  /** Stores messages; returns those that were not already held (by idClient or idServer). */
  putMsgs(msgs: ClientMsg[]): ClientMsg[];
  getMsg(idClient: string): ClientMsg | undefined;
  getMsgByIdServer(idServer: string): ClientMsg | undefined;
  updateMsg(idClient: string, patch: Partial<ClientMsg>): ClientMsg | undefined;
  removeMsg(idClient: string): ClientMsg | undefined;
  /**
   * Removes a message by its ids from memory and, whether held in memory or not, from the local
   * database (a recall or one-way delete of a message older than the working set).
   */
  forgetMsg(ref: { idServer: string; idClient?: string }): ClientMsg | undefined;
  msgs(query: LocalMsgQuery): ClientMsg[];
  /** Every message of a session from others after `after` that counts as unread. */
  countUnread(sessionId: string, after: number, me: string): number;
  clearSession(sessionId: string, before: number): void;
  /**
   * Removes every message, from memory and from the local database (also those memory never
   * loaded); returns those memory held.
   */
  clearMsgs(): ClientMsg[];
  /**
   * Remembers messages deleted on this device that the next sync may deliver again (newer than
   * their timetag): a message with one of these server ids is not stored again.
   */
  markDeletedHere(deleted: Tombstone[]): void;
  search(predicate: (msg: ClientMsg) => boolean, limit: number): ClientMsg[];
  allMsgs(): ClientMsg[];
  getSysMsg(idServer: string): ClientSysMsg | undefined;
  /** Stores system messages (new, or changed: the managers mutate them in place too). */
  putSysMsgs(sysMsgs: ClientSysMsg[]): void;
  /** Every system message held, deleted-here ones (status 'deleted') included. */
  sysMsgs(): ClientSysMsg[];
  getSession(id: string): ClientSession | undefined;
  putSession(session: ClientSession): void;
  removeSession(id: string): boolean;
  sessions(): ClientSession[];
}

/** Hears every change of a memory store (after it is made), e.g. to persist it. */
export interface StoreListener {
  /** Messages added or changed; the objects are the store's own, read them when writing. */
  msgsPut(msgs: ClientMsg[]): void;
  msgRemoved(msg: ClientMsg): void;
  /** A message is gone that memory may not hold: remove it by its ids wherever it is stored. */
  msgForgotten(ref: { idServer: string; idClient?: string }): void;
  /** Every message of the session up to `before` is gone, including any not held in memory. */
  sessionCleared(sessionId: string, before: number): void;
  /** Every message is gone, including any not held in memory (messages deleted here stay so). */
  msgsCleared(): void;
  /** Messages deleted here to keep out (see LocalStore.markDeletedHere). */
  tombstonesPut(deleted: Tombstone[]): void;
  sysMsgsPut(sysMsgs: ClientSysMsg[]): void;
  sessionPut(session: ClientSession): void;
  sessionRemoved(id: string): void;
  timetagsSet(timetags: Record<string, number>): void;
}

/** A message deleted on this device: its server id and time. */
export interface Tombstone {
  idServer: string;
  time: number;
}

/** What a local database hands back at start: the working set to begin with. */
export interface StoreSnapshot {
  timetags: Record<string, number>;
  sessions: ClientSession[];
  msgs: ClientMsg[];
  tombstones?: Tombstone[];
  sysMsgs?: ClientSysMsg[];
}

export class MemoryStore implements LocalStore {
  private listener: StoreListener | undefined;
  private tags: SyncTimetags = {};
  private readonly byIdClient = new Map<string, ClientMsg>();
  private readonly byIdServer = new Map<string, string>();
  private readonly bySession = new Map<string, ClientMsg[]>();
  private readonly sessionMap = new Map<string, ClientSession>();
  /** Server ids of messages deleted here, with their times (markDeletedHere). */
  private readonly deletedHere = new Map<string, number>();
  private readonly sysMsgMap = new Map<string, ClientSysMsg>();

  /** Sets (or removes) the one listener of changes. */
  listen(listener: StoreListener | undefined): void {
    this.listener = listener;
  }

  /**
   * Adds what a local database held, without telling the listener (it is already stored). What
   * the store holds already wins: it is newer than the database's copy.
   */
  hydrate(snapshot: StoreSnapshot): void {
    const listener = this.listener;
    this.listener = undefined;
    try {
      this.tags = { ...snapshot.timetags, ...this.tags };
      for (const session of snapshot.sessions)
        if (!this.sessionMap.has(session.id)) this.sessionMap.set(session.id, session);
      for (const { idServer, time } of snapshot.tombstones ?? [])
        this.deletedHere.set(idServer, time);
      for (const sysMsg of snapshot.sysMsgs ?? [])
        if (!this.sysMsgMap.has(sysMsg.idServer)) this.sysMsgMap.set(sysMsg.idServer, sysMsg);
      this.putMsgs(snapshot.msgs);
    } finally {
      this.listener = listener;
    }
  }

  timetags() {
    return { ...this.tags };
  }

  setTimetags(timetags: SyncTimetags) {
    this.tags = { ...this.tags, ...timetags };
    this.listener?.timetagsSet(this.timetags());
  }

  putMsgs(msgs: ClientMsg[]): ClientMsg[] {
    const added: ClientMsg[] = [];
    for (const msg of msgs) {
      if (msg.idServer && this.deletedHere.has(msg.idServer)) continue; // deleted here: stays so
      const known =
        this.byIdClient.get(msg.idClient) ??
        (msg.idServer ? this.getMsgByIdServer(msg.idServer) : undefined);
      if (known) {
        // The server's copy completes a local one (idServer, time, status).
        if (msg.idServer && !known.idServer) this.updateMsg(known.idClient, msg);
        continue;
      }
      this.byIdClient.set(msg.idClient, msg);
      if (msg.idServer) this.byIdServer.set(msg.idServer, msg.idClient);
      const list = this.bySession.get(msg.sessionId) ?? [];
      insertSorted(list, msg);
      this.bySession.set(msg.sessionId, list);
      added.push(msg);
    }
    if (added.length) this.listener?.msgsPut(added);
    return added;
  }

  getMsg(idClient: string) {
    return this.byIdClient.get(idClient);
  }

  getMsgByIdServer(idServer: string) {
    const idClient = this.byIdServer.get(idServer);
    return idClient ? this.byIdClient.get(idClient) : undefined;
  }

  updateMsg(idClient: string, patch: Partial<ClientMsg>) {
    const msg = this.byIdClient.get(idClient);
    if (!msg) return undefined;
    const timeChanged = patch.time !== undefined && patch.time !== msg.time;
    Object.assign(msg, patch);
    if (msg.idServer) this.byIdServer.set(msg.idServer, idClient);
    if (timeChanged) {
      const list = this.bySession.get(msg.sessionId)!;
      list.splice(list.indexOf(msg), 1);
      insertSorted(list, msg);
    }
    this.listener?.msgsPut([msg]);
    return msg;
  }

  removeMsg(idClient: string) {
    const msg = this.byIdClient.get(idClient);
    if (!msg) return undefined;
    this.byIdClient.delete(idClient);
    if (msg.idServer) this.byIdServer.delete(msg.idServer);
    const list = this.bySession.get(msg.sessionId);
    list?.splice(list.indexOf(msg), 1);
    this.listener?.msgRemoved(msg);
    return msg;
  }

  forgetMsg(ref: { idServer: string; idClient?: string }) {
    const held =
      (ref.idClient ? this.byIdClient.get(ref.idClient) : undefined) ??
      this.getMsgByIdServer(ref.idServer);
    if (held) return this.removeMsg(held.idClient);
    this.listener?.msgForgotten(ref);
    return undefined;
  }

  msgs({ sessionId, start = 0, end = Infinity, limit, desc = true }: LocalMsgQuery): ClientMsg[] {
    const inRange = (this.bySession.get(sessionId) ?? []).filter(
      (m) => m.time >= start && m.time <= end,
    );
    return (desc ? inRange.reverse() : inRange).slice(0, limit);
  }

  countUnread(sessionId: string, after: number, me: string): number {
    return (this.bySession.get(sessionId) ?? []).filter(
      (m) => m.time > after && m.from !== me && m.isUnreadable !== false && !m.isLocal,
    ).length;
  }

  clearSession(sessionId: string, before: number) {
    for (const msg of [...(this.bySession.get(sessionId) ?? [])])
      if (msg.time <= before) this.removeMsg(msg.idClient);
    this.listener?.sessionCleared(sessionId, before);
  }

  clearMsgs() {
    const removed = this.allMsgs();
    this.byIdClient.clear();
    this.byIdServer.clear();
    this.bySession.clear();
    this.listener?.msgsCleared();
    return removed;
  }

  markDeletedHere(deleted: Tombstone[]) {
    const fresh = deleted.filter((t) => !this.deletedHere.has(t.idServer));
    for (const { idServer, time } of fresh) this.deletedHere.set(idServer, time);
    if (fresh.length) this.listener?.tombstonesPut(fresh);
  }

  search(predicate: (msg: ClientMsg) => boolean, limit: number) {
    return this.allMsgs()
      .filter(predicate)
      .sort((a, b) => b.time - a.time)
      .slice(0, limit);
  }

  allMsgs() {
    return [...this.byIdClient.values()];
  }

  getSysMsg(idServer: string) {
    return this.sysMsgMap.get(idServer);
  }

  putSysMsgs(sysMsgs: ClientSysMsg[]) {
    for (const sysMsg of sysMsgs) this.sysMsgMap.set(sysMsg.idServer, sysMsg);
    if (sysMsgs.length) this.listener?.sysMsgsPut(sysMsgs);
  }

  sysMsgs() {
    return [...this.sysMsgMap.values()];
  }

  getSession(id: string) {
    return this.sessionMap.get(id);
  }

  putSession(session: ClientSession) {
    this.sessionMap.set(session.id, session);
    this.listener?.sessionPut(session);
  }

  removeSession(id: string) {
    const removed = this.sessionMap.delete(id);
    // Also when not held: the database may hold a session the working set never loaded.
    this.listener?.sessionRemoved(id);
    return removed;
  }

  sessions() {
    return [...this.sessionMap.values()].sort((a, b) => b.updateTime - a.updateTime);
  }
}

function insertSorted(list: ClientMsg[], msg: ClientMsg): void {
  let i = list.length;
  while (i > 0 && list[i - 1]!.time > msg.time) i--;
  list.splice(i, 0, msg);
}
