// System messages (document 2: they start unread, state init; requests move to passed, rejected
// or error), unread counts per category and in total, and custom system messages. Those received
// are held in the store (and so in the local database, when there is one, with the sysMsgs
// timetag: their sync is incremental across reloads); local changes (state, localCustom, deletes)
// stay on this device.
import {
  ImError,
  LIMITS,
  SYSMSG_CATEGORIES,
  SYSMSG_STATES,
  type CustomSysMsg,
  type SysMsg,
} from '@morsel/protocol';
import type { Emit, OnPush, OnSyncDone, Send } from '../context.ts';
import type { ClientSysMsg, SysMsgUnread } from '../model.ts';
import type { LocalStore } from '../store/memory-store.ts';
import { withDone, type Done } from '../util/done.ts';

export interface SysMsgsContext {
  readonly account: string;
  send: Send;
  onPush: OnPush;
  onSyncDone: OnSyncDone;
  emit: Emit;
  store: LocalStore;
}

export class SysMsgsManager {
  constructor(private readonly context: SysMsgsContext) {
    this.context.onPush('syncOfflineSysMsgs', ({ sysMsgs }) => {
      const fresh = sysMsgs.map((m) => this.keepSysMsg(m)).filter((m) => m !== undefined);
      if (fresh.length) this.context.emit('onofflinesysmsgs', fresh);
    });
    this.context.onSyncDone(() => this.context.emit('onsysmsgunread', this.sysMsgUnread()));
    this.context.onPush('sysMsg', ({ sysMsg }) => {
      const fresh = this.keepSysMsg(sysMsg);
      if (!fresh) return;
      this.context.emit('onsysmsg', fresh);
      this.context.emit('onupdatesysmsgunread', this.sysMsgUnread());
    });
    this.context.onPush('sysMsgsRead', ({ ids }) => {
      this.markSysMsgsReadHere(ids);
      this.context.emit('onupdatesysmsgunread', this.sysMsgUnread());
    });
    // A one-way delete by another of my devices (incoming-msgs.ts forgets the message and raises
    // ondeleteMsgSelf): also told as its system message. The peer is never told.
    this.context.onPush('msgDeletedSelf', (deleted) => {
      this.context.emit('onsysmsg', { ...deleted, category: 'msg', read: false, state: 'init' });
    });
    // A batch of them (deleteMsgSelfBatch): one system message each, as above.
    this.context.onPush('msgsDeletedSelf', ({ deleted }) => {
      for (const one of deleted)
        this.context.emit('onsysmsg', { ...one, category: 'msg', read: false, state: 'init' });
    });
    this.context.onPush('customSysMsg', ({ sysMsg: msg }) => {
      // A super team's goes to its whole fan-out group, the sender included: skip my own.
      if (msg.scene === 'superTeam' && msg.from === this.context.account) return;
      this.context.emit('oncustomsysmsg', msg);
    });
  }

  /** Unread system messages per category and in total (those deleted here do not count). */
  sysMsgUnread(): SysMsgUnread {
    const counts = Object.fromEntries(
      [...SYSMSG_CATEGORIES, 'total'].map((c) => [c, 0]),
    ) as SysMsgUnread;
    for (const msg of this.shownSysMsgs()) {
      if (msg.read) continue;
      counts[msg.category] += 1;
      counts.total += 1;
    }
    return counts;
  }

  /** The latest system messages held here, newest first (at most 100 per call). */
  getLocalSysMsgs(
    options: {
      limit?: number;
      category?: SysMsg['category'];
      type?: SysMsg['type'];
      read?: boolean;
    } = {},
  ): ClientSysMsg[] {
    const limit = options.limit ?? LIMITS.localSysMsgsMaxLimit;
    if (limit < 1 || limit > LIMITS.localSysMsgsMaxLimit)
      throw new ImError('Param_Error', `limit must be 1 to ${LIMITS.localSysMsgsMaxLimit}`);
    return this.shownSysMsgs()
      .filter(
        (m) =>
          (!options.category || m.category === options.category) &&
          (!options.type || m.type === options.type) &&
          (options.read === undefined || m.read === options.read),
      )
      .sort((a, b) => b.time - a.time)
      .slice(0, limit);
  }

  /** Marks system messages read here and on the server; the account's other devices follow. */
  markSysMsgRead(options: { sysMsgs: SysMsg[]; done?: Done<void> }) {
    const ids = options.sysMsgs.map((m) => m.idServer);
    if (ids.length < 1 || ids.length > LIMITS.localSysMsgsMaxLimit) {
      return withDone(
        Promise.reject(new ImError('Param_Error', 'sysMsgs must hold 1 to 100 messages')),
        options.done,
      );
    }
    const work = this.context.send('markRead', { ids }).then(() => {
      this.markSysMsgsReadHere(ids);
      this.context.emit('onupdatesysmsgunread', this.sysMsgUnread());
    });
    return withDone(work, options.done);
  }

  /**
   * Changes a system message on this device only: its state (init, passed, rejected, error) and
   * the application's localCustom. Kept in the local database; resolves with the message.
   */
  updateLocalSysMsg(options: {
    idServer: string;
    state?: SysMsg['state'];
    localCustom?: string;
    done?: Done<ClientSysMsg>;
  }) {
    const { idServer, state, localCustom, done } = options;
    const held = idServer ? this.context.store.getSysMsg(idServer) : undefined;
    if (!held || held.status === 'deleted')
      return withDone(
        Promise.reject(new ImError('Param_Error', `no local system message ${idServer}`)),
        done,
      );
    if (state === undefined && localCustom === undefined)
      return withDone(
        Promise.reject(new ImError('Param_Error', 'state or localCustom is required')),
        done,
      );
    if (state !== undefined && !SYSMSG_STATES.includes(state))
      return withDone(
        Promise.reject(
          new ImError('Param_Error', `state must be one of ${SYSMSG_STATES.join(', ')}`),
        ),
        done,
      );
    if (state !== undefined) held.state = state;
    if (localCustom !== undefined) held.localCustom = localCustom;
    this.context.store.putSysMsgs([held]);
    return withDone(Promise.resolve(held), done);
  }

  /**
   * Deletes system messages on this device only (the server keeps them). They stay deleted
   * across reloads and syncs: kept with status 'deleted', out of getLocalSysMsgs and the counts.
   */
  deleteLocalSysMsg(options: { idServer: string | string[]; done?: Done<void> }) {
    const ids = Array.isArray(options.idServer) ? options.idServer : [options.idServer];
    if (ids.length === 0 || ids.some((id) => !id))
      return withDone(
        Promise.reject(new ImError('Param_Error', 'idServer is required')),
        options.done,
      );
    this.deleteHere(
      ids.map((id) => this.context.store.getSysMsg(id)).filter((m) => m !== undefined),
    );
    return withDone(Promise.resolve(), options.done);
  }

  /** Deletes every system message held on this device (the server keeps them). */
  deleteAllLocalSysMsgs(options: { done?: Done<void> } = {}) {
    this.deleteHere(this.shownSysMsgs());
    return withDone(Promise.resolve(), options.done);
  }

  /** Sends a custom system message; its content is required. */
  sendCustomSysMsg(options: CustomSysMsg & { done?: Done<{ idServer: string; time: number }> }) {
    const { done, ...sysMsg } = options;
    if (!sysMsg.content)
      return withDone(
        Promise.reject(new ImError('Param_Error', 'a custom system message needs content')),
        done,
      );
    if (!sysMsg.to)
      return withDone(Promise.reject(new ImError('Param_Error', 'to is required')), done);
    return withDone(this.context.send('sendCustomSysMsg', { sysMsg }), done);
  }

  /** Holds a system message from the server; returns it when it is new here. */
  private keepSysMsg(msg: SysMsg): ClientSysMsg | undefined {
    const known = this.context.store.getSysMsg(msg.idServer);
    // A newer copy of a held one (read, or its request answered) keeps this device's own fields,
    // and a state set here (updateLocalSysMsg) while the server's is still init.
    const held: ClientSysMsg = {
      ...msg,
      ...(known && msg.state === 'init' && { state: known.state }),
      status: known?.status ?? 'success',
      ...(known?.localCustom !== undefined && { localCustom: known.localCustom }),
    };
    this.context.store.putSysMsgs([held]);
    return known ? undefined : held;
  }

  private shownSysMsgs(): ClientSysMsg[] {
    return this.context.store.sysMsgs().filter((m) => m.status !== 'deleted');
  }

  private deleteHere(sysMsgs: ClientSysMsg[]): void {
    const changed = sysMsgs.filter((m) => m.status !== 'deleted');
    for (const msg of changed) msg.status = 'deleted';
    this.context.store.putSysMsgs(changed);
    if (changed.some((m) => !m.read))
      this.context.emit('onupdatesysmsgunread', this.sysMsgUnread());
  }

  private markSysMsgsReadHere(ids: string[]): void {
    const changed: ClientSysMsg[] = [];
    for (const id of ids) {
      const msg = this.context.store.getSysMsg(id);
      if (msg && !msg.read) {
        msg.read = true;
        changed.push(msg);
      }
    }
    this.context.store.putSysMsgs(changed);
  }
}
