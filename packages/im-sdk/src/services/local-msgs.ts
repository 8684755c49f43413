// Local messages with NIM's names (document 2's "local message ... APIs"): messages this device
// keeps for itself, saved, changed and deleted here only, never on the server. Each change goes
// to the memory store, whose writer persists it to the local database (IndexedDB in browsers),
// so the next visit shows the same; deletions reach messages the working set never loaded too.
// A deleted message the next sync may deliver again (newer than its category's timetag: live
// messages within the live timetag's margin) is remembered as a tombstone, so it stays deleted.
import { ImError, type Msg } from '@morsel/protocol';
import { withDone, type Done } from '../util/done.ts';
import { MSG_TIMETAG } from './messages.ts';
import type { Constructor } from './mixin.ts';
import type { ClientMsg } from './model.ts';
import type { SessionsApi } from './sessions.ts';

type Scene = Msg['scene'];
type WithSessions = InstanceType<ReturnType<typeof SessionsApi>>;

const SCENES: ReadonlySet<string> = new Set<Scene>(['p2p', 'team', 'superTeam']);

/** A message to save: a message object as the SDK hands them out, or at least its core fields. */
export type MsgToSave = Pick<ClientMsg, 'scene' | 'from' | 'to' | 'type' | 'idClient' | 'time'> &
  Partial<ClientMsg>;

export function LocalMsgsApi<TBase extends Constructor<WithSessions>>(Base: TBase) {
  return class LocalMsgs extends Base {
    /**
     * Saves messages on this device (NIM's saveMsgsToLocal): new ones are added, one already
     * held (same idClient) takes the given fields. Their sessions show them as last message when
     * they are the latest; nothing counts as unread. Resolves with the messages as stored.
     */
    saveMsgsToLocal(options: {
      msgs: MsgToSave[];
      done?: Done<ClientMsg[]>;
    }): Promise<ClientMsg[]> {
      const work = this.localLoaded.then(() => {
        if (!Array.isArray(options.msgs) || options.msgs.length === 0)
          throw new ImError('Param_Error', 'msgs must hold at least one message');
        const msgs = options.msgs.map((m) => this.toLocal(m));
        const saved = msgs.map((msg) => {
          const held = this.store.getMsg(msg.idClient);
          if (!held) {
            this.store.putMsgs([msg]);
            return this.store.getMsg(msg.idClient) ?? msg;
          }
          // The session a message belongs to never changes: its ids and sides stay.
          const { sessionId: _sessionId, target: _target, ...patch } = msg;
          return this.store.updateMsg(held.idClient, patch)!;
        });
        for (const msg of saved) this.touchSession(msg, { countUnread: false });
        return saved;
      });
      return withDone(work, options.done);
    }

    /**
     * Deletes one message on this device (NIM's deleteLocalMsg); false when it is not held. The
     * session shows the message before it.
     */
    deleteLocalMsg(options: { msg: ClientMsg }): boolean {
      const removed = this.store.removeMsg(options.msg.idClient);
      if (!removed) return false;
      this.keepDeleted([removed]);
      this.refreshLastMsg(removed.sessionId);
      return true;
    }

    /** Changes the local custom data of a message held on this device (NIM's updateLocalMsg). */
    updateLocalMsg(options: {
      idClient: string;
      localCustom: string;
      done?: Done<ClientMsg>;
    }): Promise<ClientMsg> {
      const work = this.localLoaded.then(() => {
        if (typeof options.localCustom !== 'string')
          throw new ImError('Param_Error', 'localCustom must be a string');
        const msg = this.store.updateMsg(options.idClient, { localCustom: options.localCustom });
        if (!msg)
          throw new ImError('Param_Error', `no local message has idClient ${options.idClient}`);
        // The session keeps its last message as a copy in the database: store it again.
        const session = this.store.getSession(msg.sessionId);
        if (session?.lastMsg?.idClient === msg.idClient) {
          session.lastMsg = msg;
          this.store.putSession(session);
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
      const work = this.localLoaded.then(() => {
        if (!SCENES.has(options.scene))
          throw new ImError('Param_Error', 'scene must be p2p, team or superTeam');
        if (!options.to) throw new ImError('Param_Error', 'to is required');
        const sessionId = `${options.scene}-${options.to}`;
        this.keepDeleted(this.store.msgs({ sessionId, limit: Infinity }));
        this.store.clearSession(sessionId, Infinity);
        this.refreshLastMsg(sessionId);
      });
      return withDone(work, options.done);
    }

    /** Deletes every message on this device (NIM's deleteAllLocalMsgs); sessions stay, emptied. */
    deleteAllLocalMsgs(options: { done?: Done<void> } = {}): Promise<void> {
      const work = this.localLoaded.then(() => {
        this.keepDeleted(this.store.clearMsgs());
        for (const session of this.store.sessions()) this.refreshLastMsg(session.id);
      });
      return withDone(work, options.done);
    }

    /**
     * Tombstones for deleted messages the next sync may deliver again. Those older than their
     * timetag are never sent again; those memory never loaded are older than the working set,
     * whose load covers every stored message newer than the offline timetag.
     */
    private keepDeleted(msgs: ClientMsg[]): void {
      const timetags = this.store.timetags();
      const deleted = msgs.filter(
        (m) => m.idServer && m.time > (timetags[MSG_TIMETAG[m.scene]] ?? 0),
      );
      this.store.markDeletedHere(deleted.map((m) => ({ idServer: m.idServer!, time: m.time })));
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
      if (typeof msg.type !== 'number')
        throw new ImError('Param_Error', 'a message needs its type');
      if (typeof msg.time !== 'number' || !Number.isFinite(msg.time))
        throw new ImError('Param_Error', 'a message needs its time');
      const outgoing = msg.from.toLowerCase() === this.account;
      const target = msg.scene === 'p2p' ? (outgoing ? msg.to : msg.from) : msg.to;
      return {
        ...msg,
        sessionId: `${msg.scene}-${target}`,
        target,
        flow: outgoing ? 'out' : 'in',
        status: msg.status ?? 'success',
      } as ClientMsg;
    }
  };
}
