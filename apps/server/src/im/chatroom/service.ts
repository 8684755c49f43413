// The chatroom service within one process: its connections (each in one room), the command
// dispatch for the chatroom link, entering and leaving rooms, and kicks arriving from the bus.
import { randomUUID } from 'node:crypto';
import {
  CHATROOM_KICK_REASONS,
  type ChatroomKickReason,
  type ClientTypeCode,
  type CommandName,
} from '@morsel/protocol';
import type { Bus } from '../../bus/index.ts';
import type { Logger } from '../../log.ts';
import {
  CommandError,
  FrequencyControl,
  type CommandRunner,
  type FrequencyLimits,
  type ImConnection,
  type LoginVerifier,
  type LoginThrottle,
} from '../gateway/index.ts';
import { RoomBatcher } from './batcher.ts';
import { RoomFanout, type KickEnvelope, type RoomMember } from './fanout.ts';
import type { Spatial } from './space.ts';
import { Rooms, roomKeyOf, type RoomRef } from './rooms.ts';
import { presenceTarget } from './tags.ts';
import type { ChatroomStore, EnterProfile } from './store.ts';
import type { ChatroomTagStore } from './tag-store.ts';
import type { ChatroomHandlers, RoomSession } from './handlers.ts';

export const CHATROOM_KICK_MESSAGES: Record<ChatroomKickReason, string> = {
  chatroomClosed: 'the chatroom was closed',
  managerKick: 'kicked out of the chatroom by a manager',
  samePlatformKick: 'the same account entered the chatroom from another device of this platform',
  silentlyKick: 'silently kicked; reconnecting',
  blacked: 'put in the chatroom blacklist',
};

export interface ChatroomServiceOptions {
  store: ChatroomStore;
  tagStore: ChatroomTagStore;
  bus: Bus;
  log: Logger;
  verifier: LoginVerifier;
  /** Every command of one connection (the IM link's frequency control). */
  frequency: FrequencyLimits;
  /** Messages one member may send to a room per second. */
  messagesPerSecond: number;
  /** The server's one clock. */
  now: () => number;
  /** A process silent this long is dead: its members leave the online counts. */
  processTtlMs: number;
}

export class ChatroomService implements CommandRunner {
  readonly rooms: Rooms;
  readonly fanout: RoomFanout;
  readonly batcher: RoomBatcher;
  readonly store: ChatroomStore;
  readonly tagStore: ChatroomTagStore;
  readonly verifier: LoginVerifier;
  /**
   * Failed-login backoff: the IM gateway's own (attach() hands it over), so guesses at a token
   * count the same whichever link they come through.
   */
  loginThrottle: LoginThrottle | undefined;
  private readonly sessions = new Map<ImConnection, RoomSession>();
  private readonly connections = new Set<ImConnection>();
  private readonly frequency: FrequencyControl;
  private readonly sendFrequency: FrequencyControl;
  private readonly cleanups = new Set<Promise<void>>();
  private handlers: ChatroomHandlers = {};
  private closing = false;
  /** Names this process's connections in the store, so a crash can be repaired (migration 0026). */
  readonly processId = randomUUID();
  private vouching: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: ChatroomServiceOptions) {
    this.store = options.store;
    this.tagStore = options.tagStore;
    this.verifier = options.verifier;
    this.frequency = new FrequencyControl(options.frequency);
    this.sendFrequency = new FrequencyControl({
      perSecond: options.messagesPerSecond,
      blockSeconds: options.frequency.blockSeconds,
    });
    this.fanout = new RoomFanout(options.bus, (member, envelope) => this.kick(member, envelope));
    this.batcher = new RoomBatcher(
      (roomKey, frame, target, at) => this.fanout.publishFrame(roomKey, frame, target, at),
      (err) => options.log.error({ err }, 'publishing a chatroom batch failed'),
    );
    this.rooms = new Rooms(options.store, this.fanout, this.batcher, options.now);
  }

  /**
   * Vouches for this process's connections now and every third of the TTL, and repairs the
   * counts of processes silent for longer (at start: those that crashed before it).
   */
  async start(): Promise<void> {
    await this.vouchAndRepair();
    // Closed while the first round ran (a server stopped as it started): no timer may outlive it.
    if (this.closing) return;
    this.vouching = setInterval(
      () => {
        this.vouchAndRepair().catch((err) =>
          this.options.log.error({ err }, 'repairing chatroom online counts failed'),
        );
      },
      Math.max(200, Math.floor(this.options.processTtlMs / 3)),
    );
    this.vouching.unref();
  }

  /** One round: vouch, then take the dead processes' members out of the counts. */
  async vouchAndRepair(): Promise<number> {
    await this.store.vouch(this.processId);
    const orphaned = await this.store.repairDeadHolders(
      this.options.now() - this.options.processTtlMs,
    );
    for (const key of orphaned) {
      await this.rooms.dropTransient(key, key.accid);
      await this.rooms.notify(key, 302, { from: key.accid });
    }
    if (orphaned.length > 0)
      this.options.log.warn(
        { members: orphaned.length },
        'chatroom members of a dead process left',
      );
    return orphaned.length;
  }

  use(handlers: ChatroomHandlers): this {
    Object.assign(this.handlers, handlers);
    return this;
  }

  /** The commands this service has a handler for (the command-table test reads it). */
  handledCommands(): CommandName[] {
    return Object.keys(this.handlers) as CommandName[];
  }

  /** No chatroom server while this one is shutting down (code 415). */
  get available(): boolean {
    return !this.closing;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  opened(connection: ImConnection): void {
    this.connections.add(connection);
  }

  sessionOf(connection: ImConnection): RoomSession | undefined {
    return this.sessions.get(connection);
  }

  async run(
    connection: ImConnection,
    name: CommandName,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown> | void> {
    const handler = this.handlers[name] as
      | ((
          context: { connection: ImConnection; service: ChatroomService; room?: RoomSession },
          params: unknown,
        ) => Promise<Record<string, unknown> | void>)
      | undefined;
    if (!handler)
      throw new CommandError(403, `Not_Support: ${name} is not supported by this server`, {
        name: 'Not_Support',
      });
    const room = this.sessions.get(connection);
    return handler({ connection, service: this, ...(room && { room }) }, params);
  }

  frequencyBlock(connection: ImConnection, name: CommandName): number {
    const room = this.sessions.get(connection);
    const owner = room ? `${roomKeyOf(room)}:${room.accid}` : `conn:${connection.id}`;
    // Messages have their own, per-member budget in the room: floods are refused early.
    if (name === 'chatroomSendMsg') return this.sendFrequency.hit(owner);
    return this.frequency.hit(`${owner}:${name}`);
  }

  /**
   * Puts a logged-in connection in its room: its earlier connection of the same client type
   * leaves (samePlatformKick), the member is counted online, and the room's batches reach it.
   */
  async enter(
    connection: ImConnection,
    ref: RoomRef,
    account: { accid: string; clientType: ClientTypeCode; deviceId: string },
    profile: EnterProfile,
    tagging: { tags: readonly string[]; notifyTargetTags?: string } & Spatial = { tags: [] },
  ) {
    const roomKey = roomKeyOf(ref);
    await this.fanout.publishKick(roomKey, {
      accids: [account.accid],
      clientType: account.clientType,
      except: connection.id,
      reason: 'samePlatformKick',
    });
    const member = await this.store.enter(
      { ...ref, accid: account.accid },
      profile,
      this.processId,
    );
    const session: RoomSession = {
      ...ref,
      accid: account.accid,
      clientType: account.clientType,
      member: {
        connection,
        accid: account.accid,
        clientType: account.clientType,
        tags: new Set(tagging.tags),
        ...(tagging.notifyTargetTags !== undefined && {
          notifyTargetTags: tagging.notifyTargetTags,
        }),
        ...(tagging.location !== undefined && { location: tagging.location }),
        ...(tagging.distance !== undefined && { distance: tagging.distance }),
      },
    };
    connection.session = {
      appKey: ref.appKey,
      accid: account.accid,
      nick: member.nick,
      clientType: account.clientType,
      deviceId: account.deviceId,
      os: '',
      loginAt: this.rooms.now(),
    };
    this.sessions.set(connection, session);
    await this.fanout.join(roomKey, session.member);
    // The connection may have closed while it entered: it leaves at once.
    if (connection.closed) this.closed(connection);
    return member;
  }

  closed(connection: ImConnection): void {
    this.connections.delete(connection);
    const session = this.sessions.get(connection);
    if (!session) return;
    this.sessions.delete(connection);
    this.fanout.leave(roomKeyOf(session), session.member);
    const cleanup = (async () => {
      const { lastConnection } = await this.store.leave(session, this.processId);
      if (!lastConnection) return;
      await this.rooms.dropTransient(session, session.accid);
      await this.rooms.notify(session, 302, {
        from: session.accid,
        ...presenceTarget(session.member),
      });
    })()
      .catch((err) => this.options.log.error({ err }, 'leaving a chatroom failed'))
      .finally(() => this.cleanups.delete(cleanup));
    this.cleanups.add(cleanup);
  }

  /** Every client is told to come back silently (to another process); batches go out first. */
  async close(timeoutMs = 2000): Promise<void> {
    this.closing = true;
    await this.batcher.flushAll();
    for (const session of [...this.sessions.values()])
      this.kick(session.member, { t: 'kick', reason: 'silentlyKick' });
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.race([Promise.allSettled([...this.cleanups]), deadline]);
    if (this.vouching) clearInterval(this.vouching);
    await this.store
      .stopVouching(this.processId)
      .catch((err) => this.options.log.error({ err }, 'chatroom: could not stop vouching'));
    await this.batcher.stop();
  }

  /** Tells the connection why, then ends it. */
  kick(member: RoomMember, envelope: KickEnvelope): void {
    member.connection.push('chatroomKicked', {
      reason: CHATROOM_KICK_REASONS[envelope.reason],
      reasonName: envelope.reason,
      message: CHATROOM_KICK_MESSAGES[envelope.reason],
      ...(envelope.custom !== undefined && { custom: envelope.custom }),
    });
    member.connection.close(`chatroom kick: ${envelope.reason}`);
  }
}
