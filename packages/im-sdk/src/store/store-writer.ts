// Persists the memory store's changes: it listens to the store, gathers what changed during one
// turn of the event loop into a batch (a message put then removed is only removed), and writes
// each batch as one task of the queue. Objects are read when the batch is written, so changes
// made to a message or session after it was put (the managers mutate in place) are kept too.
// A failed write is reported and dropped: messaging goes on from memory.
import type { ClientMsg, ClientSession } from '../model.ts';
import type { ClientSysMsg } from '../model.ts';
import type { TaskQueue } from '../util/task-queue.ts';
import type { StoreListener, Tombstone } from './memory-store.ts';
import { isEmptyBatch, type ChangeBatch } from './persistence.ts';

export class StoreWriter implements StoreListener {
  private msgPuts = new Map<string, ClientMsg>();
  private msgRemovals = new Set<string>();
  private idServerRemovals = new Set<string>();
  private clears: { sessionId: string; before: number }[] = [];
  private sessionPuts = new Map<string, ClientSession>();
  private sessionRemovals = new Set<string>();
  private tags: Record<string, number> | undefined;
  private allMsgsCleared = false;
  private tombstones: Tombstone[] = [];
  private sysMsgPuts = new Map<string, ClientSysMsg>();
  private scheduled = false;

  constructor(
    private readonly queue: TaskQueue,
    private readonly write: (batch: ChangeBatch) => Promise<void>,
    private readonly failed: (error: unknown) => void,
    /** Nothing is queued before this settles (the database is open). */
    private readonly ready: Promise<void> = Promise.resolve(),
  ) {}

  msgsPut(msgs: ClientMsg[]): void {
    for (const msg of msgs) {
      this.msgRemovals.delete(msg.idClient);
      this.msgPuts.set(msg.idClient, msg);
    }
    this.schedule();
  }

  msgRemoved(msg: ClientMsg): void {
    this.msgPuts.delete(msg.idClient);
    this.msgRemovals.add(msg.idClient);
    this.schedule();
  }

  msgForgotten(ref: { idServer: string; idClient?: string }): void {
    if (ref.idClient) {
      this.msgPuts.delete(ref.idClient);
      this.msgRemovals.add(ref.idClient);
    } else {
      this.idServerRemovals.add(ref.idServer);
    }
    this.schedule();
  }

  sessionCleared(sessionId: string, before: number): void {
    this.clears.push({ sessionId, before });
    this.schedule();
  }

  msgsCleared(): void {
    // What was gathered for messages before is superseded: every message goes (the tombstones
    // gathered stay: the clearing keeps them).
    this.allMsgsCleared = true;
    this.msgPuts = new Map();
    this.msgRemovals = new Set();
    this.idServerRemovals = new Set();
    this.clears = [];
    this.schedule();
  }

  sysMsgsPut(sysMsgs: ClientSysMsg[]): void {
    for (const sysMsg of sysMsgs) this.sysMsgPuts.set(sysMsg.idServer, sysMsg);
    this.schedule();
  }

  tombstonesPut(deleted: Tombstone[]): void {
    this.tombstones.push(...deleted);
    this.schedule();
  }

  sessionPut(session: ClientSession): void {
    this.sessionRemovals.delete(session.id);
    this.sessionPuts.set(session.id, session);
    this.schedule();
  }

  sessionRemoved(id: string): void {
    this.sessionPuts.delete(id);
    this.sessionRemovals.add(id);
    this.schedule();
  }

  timetagsSet(timetags: Record<string, number>): void {
    this.tags = timetags;
    this.schedule();
  }

  /** Queues what is gathered now, without waiting for the end of the turn (call once ready). */
  flushNow(): void {
    this.scheduled = false;
    const batch: ChangeBatch = {
      ...(this.allMsgsCleared && { clearAllMsgs: true }),
      clearSessions: this.clears,
      removeMsgs: [...this.msgRemovals],
      removeMsgsByIdServer: [...this.idServerRemovals],
      putMsgs: [...this.msgPuts.values()],
      ...(this.tombstones.length && { putTombstones: this.tombstones }),
      removeSessions: [...this.sessionRemovals],
      putSessions: [...this.sessionPuts.values()],
      ...(this.sysMsgPuts.size && { putSysMsgs: [...this.sysMsgPuts.values()] }),
      ...(this.tags && { timetags: this.tags }),
    };
    this.msgPuts = new Map();
    this.msgRemovals = new Set();
    this.idServerRemovals = new Set();
    this.clears = [];
    this.sessionPuts = new Map();
    this.sessionRemovals = new Set();
    this.tags = undefined;
    this.allMsgsCleared = false;
    this.tombstones = [];
    this.sysMsgPuts = new Map();
    if (isEmptyBatch(batch)) return;
    this.queue.run(() => this.write(batch)).catch((error: unknown) => this.failed(error));
  }

  /** Resolves once everything changed so far is written (or has failed and been reported). */
  async flush(): Promise<void> {
    this.flushNow();
    await this.queue.onIdle();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // At the end of this turn (the managers finish their in-place changes first), or once open.
    void this.ready.then(() => {
      if (this.scheduled) this.flushNow();
    });
  }
}
