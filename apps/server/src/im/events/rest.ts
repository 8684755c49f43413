// The event-subscription actions of the server REST API in NIM's convention
// (/nimserver/event/subscribe/*): an app's backend subscribes one of its accounts as the account's
// own subscribeEvent does (the same quota, unknown accounts answered as failed); the account's
// devices then receive the events pushed to it.
import type { Kysely } from 'kysely';
import { EVENTS } from '@morsel/protocol';
import { EVENT_PUBLISHERS_MAX } from '@morsel/protocol/nim-rest';
import type { Database } from '../../store/index.ts';
import {
  actingAccount,
  NimError,
  nimAction,
  parseAccidList,
  type NimActions,
} from '../rest/index.ts';
import { registeredAccids, deleteSubscriptions, liveSubscriptions } from './event-store.ts';
import type { Events, Subscriber } from './index.ts';

export function eventRestActions(db: Kysely<Database>, events: Events): NimActions {
  /** The subscribing account, which must exist. */
  const subscriber = (appKey: string, accid: string): Promise<Subscriber> =>
    actingAccount(
      async (app, id) => (await registeredAccids(db, app, [id.toLowerCase()]))[0],
      appKey,
      accid,
    );
  const publishers = (text: string) =>
    parseAccidList(text, 'publisherAccids', EVENT_PUBLISHERS_MAX);

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'event/subscribe/add', async ({ appKey, form }) => {
      const ttl = Number(form.ttl);
      if (ttl < EVENTS.subscribeTimeMinS || ttl > EVENTS.subscribeTimeMaxS)
        throw new NimError(
          414,
          `ttl must be ${EVENTS.subscribeTimeMinS} to ${EVENTS.subscribeTimeMaxS} seconds`,
        );
      const { failed } = await events.subscribe(
        await subscriber(appKey, form.accid),
        Number(form.eventType),
        publishers(form.publisherAccids),
        ttl,
      );
      return { failedAccid: failed };
    });

    nimAction(scope, appKeyOf, 'event/subscribe/delete', async ({ appKey, form }) => {
      const { accid } = await subscriber(appKey, form.accid);
      const targets = publishers(form.publisherAccids);
      const known = await registeredAccids(db, appKey, targets);
      await deleteSubscriptions(db, appKey, accid, Number(form.eventType), known);
      return { failedAccid: targets.filter((t) => !known.includes(t)) };
    });

    nimAction(scope, appKeyOf, 'event/subscribe/batchdel', async ({ appKey, form }) => {
      const { accid } = await subscriber(appKey, form.accid);
      await deleteSubscriptions(db, appKey, accid, Number(form.eventType));
      return {};
    });

    nimAction(scope, appKeyOf, 'event/subscribe/query', async ({ appKey, form }) => {
      const { accid } = await subscriber(appKey, form.accid);
      const type = Number(form.eventType);
      const rows = await liveSubscriptions(
        db,
        appKey,
        accid,
        type,
        events.now(),
        publishers(form.publisherAccids),
      );
      return {
        subscribes: rows.map((r) => ({
          accid: r.target,
          eventType: r.type,
          expireTime: Number(r.expires_at),
          relationTime: Number(r.created_at),
        })),
      };
    });
  };
}
