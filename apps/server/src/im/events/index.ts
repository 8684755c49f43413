// Presence events (document 2: Event, Subscription): publish, subscribe, unsubscribe and query,
// and the built-in online state (type 1) published by the server at login and logout. An account
// that blacklisted another never shows it its events: the subscription is accepted (as NIM does,
// the blacklist is not revealed) but delivers nothing from the blocker. Each account keeps at most
// `eventsPerAccount` event types and `subscriptionsPerAccount` subscriptions (403 beyond); its
// expired rows are deleted when it writes new ones.
import type { Kysely } from 'kysely';
import {
  CLIENT_TYPES,
  EVENTS,
  ONLINE_STATE_EVENT,
  ONLINE_VALUE,
  type DeliveredEvent,
} from '@morsel/protocol';
import { groupCommit, type Database, type Store } from '../../store/index.ts';
import type { Session } from '../gateway/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { Gateway } from '../gateway/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { HandlerTable } from '../gateway/index.ts';
import { blacklistedBy, blacklistersOf } from '../people/index.ts';
import {
  deleteSubscriptions,
  heldSubscriptions,
  keptEventTypes,
  liveEvents,
  liveSubscribers,
  liveSubscriptions,
  pruneExpired,
  registeredAccids,
  saveEvent,
  saveSubscription,
} from './event-store.ts';
import type { ImEventTable } from './tables.ts';
import type { NimActions } from '../rest/index.ts';
import { eventRestActions } from './rest.ts';

export interface EventLimits {
  /** Event types an account keeps at once (broadcastType 2); the online state does not count. */
  eventsPerAccount: number;
  /** Live subscriptions an account holds at once, over every type. */
  subscriptionsPerAccount: number;
}

const toEvent = (row: ImEventTable): DeliveredEvent => ({
  type: row.type,
  value: row.value,
  account: row.account,
  time: Number(row.time),
  ...(row.custom !== null && { custom: row.custom }),
  ...(row.id_client !== null && { idClient: row.id_client }),
  ...(row.client_type !== null && { clientType: row.client_type }),
});

/** The account a subscription is held by. */
export interface Subscriber {
  appKey: string;
  accid: string;
}

export class Events {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: Gateway,
    readonly now: () => number,
    private readonly limits: EventLimits,
  ) {}

  /**
   * Deletes the account's expired kept events and subscriptions: they are never delivered nor
   * listed, so they only take room. Run before every quota count (and at login, in the online
   * state's write).
   */
  async prune(appKey: string, accid: string): Promise<void> {
    await pruneExpired(this.db, appKey, accid, this.now());
  }

  /** Refuses a new kept event type past the account's quota; expired ones are deleted first. */
  private async checkEventQuota(appKey: string, account: string, type: number): Promise<void> {
    await this.prune(appKey, account);
    const kept = await keptEventTypes(this.db, appKey, account);
    if (kept.length >= this.limits.eventsPerAccount && !kept.includes(type)) {
      throw new CommandError(
        403,
        `an account keeps at most ${this.limits.eventsPerAccount} event types`,
      );
    }
  }

  /** Refuses subscriptions past the account's quota; expired ones are deleted first. */
  private async checkSubscriptionQuota(
    session: Subscriber,
    type: number,
    targets: string[],
  ): Promise<void> {
    const { appKey, accid } = session;
    await this.prune(appKey, accid);
    const held = await heldSubscriptions(this.db, appKey, accid);
    const renewed = new Set(held.filter((r) => r.type === type).map((r) => r.target));
    const added = targets.filter((t) => !renewed.has(t)).length;
    if (added > 0 && held.length + added > this.limits.subscriptionsPerAccount) {
      throw new CommandError(
        403,
        `an account holds at most ${this.limits.subscriptionsPerAccount} subscriptions (${held.length} held)`,
      );
    }
  }

  /** Stores the event as the account's latest of its type and pushes it to live subscribers. */
  async publish(
    appKey: string,
    row: ImEventTable,
    options: {
      keep: boolean;
      syncTo?: Session;
      exceptConnection?: string;
      /** Delete the account's expired rows in the same grouped write (a login). */
      pruneFirst?: boolean;
    },
  ): Promise<DeliveredEvent> {
    if (options.keep) {
      if (row.type !== ONLINE_STATE_EVENT)
        await this.checkEventQuota(appKey, row.account, row.type);
      // Grouped: a login's online state is one of thousands in a reconnect storm; its prune rides
      // in the same transaction rather than committing on its own.
      const now = this.now();
      await groupCommit(this.db, async (trx) => {
        if (options.pruneFirst) await pruneExpired(trx, appKey, row.account, now);
        await saveEvent(trx, row);
      });
    }
    const event = toEvent(row);
    const subscribers = await liveSubscribers(this.db, appKey, row.account, row.type, this.now());
    const blocked = await blacklistedBy(this.db, appKey, row.account, subscribers);
    for (const subscriber of subscribers) {
      if (subscriber !== row.account && !blocked.has(subscriber))
        await this.gateway.pushToAccount({ appKey, accid: subscriber }, 'pushEvents', {
          events: [event],
        });
    }
    if (options.syncTo)
      await this.gateway.pushToAccount(
        options.syncTo,
        'pushEvents',
        { events: [event] },
        options.exceptConnection,
      );
    return event;
  }

  /** The live latest events of these accounts that `viewer` may see (what a new subscriber is told at once). */
  async current(
    appKey: string,
    viewer: string,
    type: number,
    targets: string[],
  ): Promise<DeliveredEvent[]> {
    const blockers = await blacklistersOf(this.db, appKey, viewer, targets);
    const accounts = targets.filter((a) => !blockers.has(a));
    if (accounts.length === 0) return [];
    const rows = await liveEvents(this.db, appKey, type, accounts, this.now());
    return rows.map(toEvent);
  }

  /**
   * Subscribes the account to these accounts' events of the type for `seconds`; accounts the app
   * does not have are answered back as failed. Within the account's subscription quota.
   */
  async subscribe(
    subscriber: Subscriber,
    type: number,
    accounts: string[],
    seconds: number,
  ): Promise<{ known: string[]; failed: string[] }> {
    const time = this.now();
    const wanted = [...new Set(accounts.map((a) => a.toLowerCase()))];
    const known = await registeredAccids(this.db, subscriber.appKey, wanted);
    await this.checkSubscriptionQuota(subscriber, type, known);
    for (const target of known) {
      const subscription = {
        appKey: subscriber.appKey,
        subscriber: subscriber.accid,
        type,
        target,
      };
      await saveSubscription(this.db, { ...subscription, seconds }, time);
    }
    return { known, failed: wanted.filter((a) => !known.includes(a)) };
  }

  handlers(): HandlerTable {
    const { db, now } = this;
    const subscriptions = (session: Session, type: number, targets?: string[]) =>
      liveSubscriptions(db, session.appKey, session.accid, type, now(), targets);
    const toSubscription = (r: {
      type: number;
      target: string;
      subscribe_time: number;
      expires_at: number;
      created_at: number;
    }) => ({
      type: r.type,
      to: r.target,
      subscribeTime: r.subscribe_time,
      expiresAt: Number(r.expires_at),
      time: Number(r.created_at),
    });
    return {
      publishEvent: async ({ session, connection }, { event }) => {
        if (event.type === ONLINE_STATE_EVENT)
          throw new CommandError(403, 'the online state is published by the server');
        const time = now();
        const validTime = event.validTime ?? EVENTS.validTimeDefaultS;
        const broadcastType = event.broadcastType ?? EVENTS.broadcastTypeDefault;
        const row: ImEventTable = {
          app_key: session.appKey,
          account: session.accid,
          type: event.type,
          value: event.value,
          custom: event.custom ?? null,
          id_client: event.idClient ?? null,
          client_type: session.clientType,
          time,
          expires_at: time + validTime * 1000,
        };
        const published = await this.publish(session.appKey, row, {
          keep: broadcastType === 2,
          ...(event.sync && { syncTo: session, exceptConnection: connection.id }),
        });
        return { event: published };
      },

      subscribeEvent: async ({ session }, { type, accounts, subscribeTime, sync }) => {
        const seconds = subscribeTime ?? EVENTS.subscribeTimeDefaultS;
        const { known, failed } = await this.subscribe(session, type, accounts, seconds);
        return {
          failedAccounts: failed,
          events: sync ? await this.current(session.appKey, session.accid, type, known) : [],
        };
      },

      unSubscribeEventsByAccounts: async ({ session }, { type, accounts }) => {
        const targets = accounts.map((a) => a.toLowerCase());
        await deleteSubscriptions(db, session.appKey, session.accid, type, targets);
      },

      unSubscribeEventsByType: async ({ session }, { type }) => {
        await deleteSubscriptions(db, session.appKey, session.accid, type);
      },

      querySubscribeEventsByAccounts: async ({ session }, { type, accounts }) => {
        const targets = accounts.map((a) => a.toLowerCase());
        const rows = await subscriptions(session, type, targets);
        return { subscriptions: rows.map(toSubscription) };
      },

      querySubscribeEventsByType: async ({ session }, { type }) => {
        const rows = await subscriptions(session, type);
        return { subscriptions: rows.map(toSubscription) };
      },
    };
  }

  /**
   * Login publishes "online" (and deletes the account's expired rows in the same write); the end
   * of the account's last connection publishes "offline".
   */
  onlineState(session: Session, value: number): Promise<DeliveredEvent> {
    const time = this.now();
    return this.publish(
      session.appKey,
      {
        app_key: session.appKey,
        account: session.accid,
        type: ONLINE_STATE_EVENT,
        value,
        custom: null,
        id_client: null,
        client_type: session.clientType ?? CLIENT_TYPES.Web,
        time,
        expires_at: time + EVENTS.validTimeMaxS * 1000,
      },
      { keep: true, pruneFirst: value === ONLINE_VALUE.online },
    );
  }
}

export function registerEvents({
  store,
  im,
  limits,
}: {
  store: Store;
  im: ImGateway;
  limits: EventLimits;
}): { restActions: NimActions } {
  const events = new Events(store.db, im.gateway, im.gateway.now, limits);
  im.gateway.use(events.handlers());
  im.gateway.onSessionStart(async (session) => {
    await events.onlineState(session, ONLINE_VALUE.online);
  });
  im.gateway.onSessionEnd(async (session, { lastDevice }) => {
    if (lastDevice) await events.onlineState(session, ONLINE_VALUE.offline);
  });
  return { restActions: eventRestActions(store.db, events) };
}
