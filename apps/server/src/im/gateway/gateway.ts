// The gateway's shared state within one process: connections by account, their bus
// subscriptions, presence across processes, frequency control, and the handler table.
import {
  encodeFrame,
  KICK_MESSAGES,
  KICK_REASONS,
  type ClientTypeCode,
  type CommandName,
  type KickReason,
  type PushName,
  type PushParams,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import type { Bus, Unsubscribe } from '../../bus/index.ts';
import type { Logger } from '../../log.ts';
import type { CommandRunner, ImConnection, Session } from './connection.ts';
import { packEnvelope, unpackEnvelope, type Envelope } from './envelope.ts';
import { CommandError } from './errors.ts';
import { FrequencyControl, type FrequencyLimits, type SharedCounts } from './frequency.ts';
import { LoginThrottle, type LoginThrottleLimits } from './login-throttle.ts';
import type { Clock } from '../../clock.ts';
import type { HandlerContext, HandlerTable, PreLoginContext } from './handlers/types.ts';
import { accountChannel, type AccountKey, type LoginPort } from './ports.ts';
import type { HeldPort, Presence } from './presence/index.ts';
import { GroupFanout } from './groups.ts';
import { pushFrame } from './push-frame.ts';

/** `account.accid` is the account's canonical spelling (accids match case-insensitively). */
export type LoginVerdict =
  { ok: true; account: { accid: string; name?: string } } | { ok: false; code: number };

/** Checks an account's token; the IM account service implements it. */
export interface LoginVerifier {
  verifyLogin(appKey: string, accid: string, token: string): Promise<LoginVerdict>;
}

/** Hands a logged-in device its client log upload ticket (im/client-logs/tickets.ts). */
export interface UploadTicketIssuer {
  issue(appKey: string, accid: string, deviceId: string): Promise<string | undefined>;
}

export interface GatewayOptions {
  bus: Bus;
  presence: Presence;
  verifier: LoginVerifier;
  uploadTickets?: UploadTicketIssuer;
  log: Logger;
  frequency: FrequencyLimits;
  /** In a cluster: frequency counts added up across processes. */
  sharedFrequency?: SharedCounts;
  loginThrottle: LoginThrottleLimits;
  /** Connections one account may hold at once, all client types and processes together. */
  maxConnectionsPerAccount: number;
  /** The app's clock, handed to every handler as `now()`. */
  clock: Clock;
}

interface LocalAccount {
  connections: Set<ImConnection>;
  ports: Map<string, LoginPort>;
  unsubscribe: Promise<Unsubscribe>;
}

const accountKey = ({ appKey, accid }: AccountKey) => `${appKey}\u0000${accid}`;

export interface KickOptions {
  fromClientType?: ClientTypeCode;
  custom?: string;
  /** Close without telling the client (a dead connection replaced by its own device). */
  quiet?: boolean;
}

/**
 * Ends connections of an account (all of them when no ids are given) in whichever process holds
 * them. Needs only the bus, so other parts (blocking an account) can kick without the gateway.
 */
export function kickConnections(
  bus: Bus,
  account: AccountKey,
  connectionIds: string[] | undefined,
  reason: KickReason,
  options: KickOptions = {},
): Promise<void> {
  const envelope: Envelope = {
    t: 'kick',
    ...(connectionIds && { connectionIds }),
    reason,
    ...(options.fromClientType !== undefined && { fromClientType: options.fromClientType }),
    ...(options.custom !== undefined && { custom: options.custom }),
    ...(options.quiet && { quiet: true }),
  };
  return bus.publish(accountChannel(account), packEnvelope(envelope));
}

export class Gateway implements CommandRunner {
  readonly verifier: LoginVerifier;
  readonly uploadTickets: UploadTicketIssuer | undefined;
  private readonly handlers: HandlerTable = {};
  private readonly accounts = new Map<string, LocalAccount>();
  private readonly connections = new Set<ImConnection>();
  private readonly frequency: FrequencyControl;
  /** Failed-login backoff per account and per client address (login handler). */
  readonly loginThrottle: LoginThrottle;
  readonly maxConnectionsPerAccount: number;
  /** Fan-out groups (super teams) of this process's connections. */
  readonly groups: GroupFanout;

  /** The IM's one clock, for the parts that reach the gateway but not a handler context. */
  readonly now: () => number;

  constructor(private readonly options: GatewayOptions) {
    this.now = () => options.clock.now();
    this.verifier = options.verifier;
    this.uploadTickets = options.uploadTickets;
    this.frequency = new FrequencyControl(options.frequency, undefined, options.sharedFrequency);
    this.loginThrottle = new LoginThrottle(options.loginThrottle);
    this.maxConnectionsPerAccount = options.maxConnectionsPerAccount;
    this.groups = new GroupFanout(options.bus);
  }

  private readonly sessionHooks = {
    start: [] as ((session: Session, connection: ImConnection) => Promise<void>)[],
    end: [] as ((session: Session, info: { lastDevice: boolean }) => Promise<void>)[],
  };

  /** Runs after a login is registered (e.g. to publish the online state). */
  onSessionStart(hook: (session: Session, connection: ImConnection) => Promise<void>): void {
    this.sessionHooks.start.push(hook);
  }

  /** Runs after a logged-in connection ends; `lastDevice` when the account has no other. */
  onSessionEnd(hook: (session: Session, info: { lastDevice: boolean }) => Promise<void>): void {
    this.sessionHooks.end.push(hook);
  }

  /** Adds the handlers of a service; later features call this with their own tables. */
  use(table: HandlerTable): this {
    Object.assign(this.handlers, table);
    return this;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  opened(connection: ImConnection): void {
    this.connections.add(connection);
  }

  async run(
    connection: ImConnection,
    name: CommandName,
    params: Record<string, unknown>,
    session: Session | undefined,
  ) {
    // The table is typed per command; here one validated command of any name is dispatched.
    const handler = this.handlers[name] as
      | ((
          context: PreLoginContext | HandlerContext,
          params: unknown,
        ) => Promise<Record<string, unknown> | void>)
      | undefined;
    if (!handler)
      throw new CommandError(403, `Not_Support: ${name} is not supported by this server`, {
        name: 'Not_Support',
      });
    const now = this.now;
    const work = handler(
      session ? { connection, gateway: this, session, now } : { connection, gateway: this, now },
      params,
    );
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * Runs a command as an account from outside any connection: the server REST API acting for an
   * app's backend, with the rights the account's own client has. Its context's connection is a
   * stand-in whose id matches no live connection (so "every device but the sender's" is every
   * device); only commands whose handlers read no more of the connection than its id run this way.
   */
  async runAs<N extends CommandName>(
    session: Session,
    name: N,
    params: RequestOf<N>,
  ): Promise<ReplyOf<N> | void> {
    const serverSide = { id: `nimserver-${session.accid}` } as ImConnection;
    return (await this.run(
      serverSide,
      name,
      params as Record<string, unknown>,
      session,
    )) as ReplyOf<N> | void;
  }

  /** The commands this gateway has a handler for (the command-table test reads it). */
  handledCommands(): CommandName[] {
    return Object.keys(this.handlers) as CommandName[];
  }

  frequencyBlock(connection: ImConnection, name: CommandName): number {
    const owner = connection.session
      ? `${connection.session.appKey}:${connection.session.accid}`
      : `conn:${connection.id}`;
    return this.frequency.hit(`${owner}:${name}`, 1, !connection.session);
  }

  /** Marks a connection logged in: it now receives what is published to its account. */
  async attachSession(connection: ImConnection, session: Session, port: LoginPort): Promise<void> {
    connection.session = session;
    const key = accountKey(session);
    let local = this.accounts.get(key);
    if (!local) {
      const account = { appKey: session.appKey, accid: session.accid };
      local = {
        connections: new Set(),
        ports: new Map(),
        unsubscribe: this.options.bus.subscribe(accountChannel(account), (payload) =>
          this.deliver(key, payload),
        ),
      };
      this.accounts.set(key, local);
    }
    local.connections.add(connection);
    local.ports.set(connection.id, port);
    await local.unsubscribe;
    await this.options.presence.add(session, port);
    // Side by side, not one after another: the hooks' grouped writes (the login event, the online
    // state) are then submitted in the same turn and share one commit instead of paying two.
    await Promise.all(
      this.sessionHooks.start.map((hook) =>
        // A failing hook (say, publishing the online state) must not fail the login.
        hook(session, connection).catch((err) =>
          this.options.log.error({ err }, 'session start hook failed'),
        ),
      ),
    );
  }

  closed(connection: ImConnection): void {
    this.connections.delete(connection);
    this.groups.leaveAll(connection);
    const session = connection.session;
    if (!session) return;
    const key = accountKey(session);
    const local = this.accounts.get(key);
    const port = local?.ports.get(connection.id);
    local?.connections.delete(connection);
    local?.ports.delete(connection.id);
    if (local && local.connections.size === 0) {
      this.accounts.delete(key);
      void local.unsubscribe.then((unsubscribe) => unsubscribe());
    }
    const cleanup = (async () => {
      await this.options.presence.remove(session, connection.id);
      if (port) await this.pushToAccount(session, 'multiPortLogin', { state: 3, ports: [port] });
      const lastDevice = (await this.options.presence.ports(session)).length === 0;
      for (const hook of this.sessionHooks.end) await hook(session, { lastDevice });
    })()
      .catch((err) => this.options.log.error({ err }, 'cleaning up a closed IM connection failed'))
      .finally(() => this.cleanups.delete(cleanup));
    this.cleanups.add(cleanup);
  }

  ports(account: AccountKey): Promise<LoginPort[]> {
    return this.options.presence.ports(account);
  }

  /** Every port this process holds, to refresh shared presence. */
  localPorts(): HeldPort[] {
    const out: HeldPort[] = [];
    for (const local of this.accounts.values()) {
      for (const connection of local.connections) {
        const port = local.ports.get(connection.id);
        if (port && connection.session) out.push({ account: connection.session, port });
      }
    }
    return out;
  }

  /** Sends a push to every connection of the account, in any process (but `except`). */
  async pushToAccount<N extends PushName>(
    account: AccountKey,
    name: N,
    params: PushParams<N>,
    except?: string,
  ) {
    await this.pushToAccounts([account], name, params, except);
  }

  /** One push to several accounts, encoded once; `except` is a connection id of any of them. */
  async pushToAccounts<N extends PushName>(
    accounts: AccountKey[],
    name: N,
    params: PushParams<N>,
    except?: string,
  ) {
    const frame = encodeFrame(pushFrame(name, params));
    for (const account of accounts)
      await this.publish(account, { t: 'frame', frame, ...(except && { except }) });
  }

  /** The account's connections, in every process, join or leave fan-out groups. */
  async setGroups(
    account: AccountKey,
    change: { join?: string[]; leave?: string[] },
  ): Promise<void> {
    await this.publish(account, { t: 'groups', ...change });
  }

  /**
   * Tells the account's sessions, in every process, its new nickname: messages they send carry it
   * as fromNick (a profile changed from another device or by the server API).
   */
  async setNick(account: AccountKey, nick: string): Promise<void> {
    await this.publish(account, { t: 'nick', nick });
  }

  /** Sends a push to every connection that joined the group, in any process: one publish. */
  async pushToGroup<N extends PushName>(
    group: string,
    name: N,
    params: PushParams<N>,
  ): Promise<void> {
    await this.groups.publish(group, encodeFrame(pushFrame(name, params)));
  }

  /** Ends connections of the account (all of them when no ids are given), in any process. */
  kick(
    account: AccountKey,
    connectionIds: string[] | undefined,
    reason: KickReason,
    options: KickOptions = {},
  ): Promise<void> {
    return kickConnections(this.options.bus, account, connectionIds, reason, options);
  }

  private readonly cleanups = new Set<Promise<void>>();
  /** Commands being handled now: shutdown lets them finish before it sends clients away. */
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Waits (at most `timeoutMs`) for the clean-up of closed connections, before the store closes. */
  async drain(timeoutMs = 2000): Promise<void> {
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.cleanups]), deadline]);
  }

  /**
   * Every logged-in connection of this process is asked to sync again (notifySync, no categories:
   * all of them). Used when the bus reconnects: a push published while it was down is lost, but
   * what it carried is committed, so the clients' sync fetches it (security review M5).
   */
  nudgeSync(): number {
    let nudged = 0;
    for (const connection of this.connections) {
      if (!connection.session || connection.closed) continue;
      connection.push('notifySync', { categories: [] });
      nudged++;
    }
    return nudged;
  }

  /**
   * On shutdown: the commands being handled finish and their replies go out (within
   * `timeoutMs`), then every client is told to reconnect silently (to another process), where it
   * resends only what was never acknowledged.
   */
  async shutdown(timeoutMs = 5000): Promise<void> {
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.inFlight]), deadline]);
    // The replies are written on the turns after their handlers settle.
    await new Promise((resolve) => setImmediate(resolve));
    for (const connection of this.connections) this.endWithKick(connection, 'silentlyKick', {});
  }

  private publish(account: AccountKey, envelope: Envelope): Promise<void> {
    if (this.options.bus.kind === 'memory') {
      // One process: the account's connections, if any, are this gateway's, so the envelope is
      // handed over as it is, on a later tick as the bus would, in the same order as what goes
      // through the bus (kicks published by other parts): packing it for nobody else cost every
      // message two packs and two unpacks (docs/benchmarks.md, issue 24).
      const key = accountKey(account);
      queueMicrotask(() => {
        // As the bus's own delivery does: a failing delivery is logged, not thrown out of the tick.
        try {
          this.deliverEnvelope(key, envelope);
        } catch (err) {
          this.options.log.error({ err }, 'bus handler failed');
        }
      });
      return Promise.resolve();
    }
    return this.options.bus.publish(accountChannel(account), packEnvelope(envelope));
  }

  private deliver(key: string, payload: Uint8Array): void {
    const envelope = unpackEnvelope(payload);
    if (envelope) this.deliverEnvelope(key, envelope);
  }

  private deliverEnvelope(key: string, envelope: Envelope): void {
    const local = this.accounts.get(key);
    if (!local) return;
    if (envelope.t === 'nick') {
      for (const connection of local.connections)
        if (connection.session) connection.session.nick = envelope.nick;
      return;
    }
    if (envelope.t === 'groups') {
      for (const connection of local.connections) {
        for (const group of envelope.join ?? []) void this.groups.join(connection, group);
        for (const group of envelope.leave ?? []) this.groups.leave(connection, group);
      }
      return;
    }
    // A Set, so a kick naming many connections stays linear in the account's connections.
    const targets =
      envelope.t === 'kick' && envelope.connectionIds ? new Set(envelope.connectionIds) : undefined;
    for (const connection of [...local.connections]) {
      if (envelope.t === 'frame') {
        if (connection.id !== envelope.except) connection.sendBytes(envelope.frame);
      } else if (!targets || targets.has(connection.id)) {
        if (envelope.quiet) connection.close(`replaced (${envelope.reason})`);
        else this.endWithKick(connection, envelope.reason, envelope);
      }
    }
  }

  private endWithKick(
    connection: ImConnection,
    reason: KickReason,
    details: { fromClientType?: ClientTypeCode; custom?: string },
  ) {
    connection.push('kicked', {
      reason: KICK_REASONS[reason],
      reasonName: reason,
      message: KICK_MESSAGES[reason],
      ...(details.fromClientType !== undefined && { fromClientType: details.fromClientType }),
      ...(details.custom !== undefined && { custom: details.custom }),
    });
    connection.close(`kicked: ${reason}`);
  }
}
