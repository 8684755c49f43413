// Each account's logins and logouts (NIM's history/queryUserEvents, docs/im-server-api.md): a row
// per device session start and end, kept LOGIN_EVENTS_KEPT_DAYS days, read back by the app's
// backend in pages. Sessions of the server API itself (runAs) are not logins and are not kept.
import type { FastifyInstance } from 'fastify';
import { HISTORY_PAGE_MAX, LOGIN_EVENTS_KEPT_DAYS } from '@morsel/protocol/nim-rest';
import type { Logger } from '../../log.ts';
import { groupCommit, type Store } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import { clientTypeName } from '../copies/index.ts';
import type { Gateway, Session } from '../gateway/index.ts';
import { actingAccount, NimError, nimAction, type NimActions } from '../rest/index.ts';
import { insertLoginEvent, loginEventsPage, pruneLoginEvents } from './store.ts';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface LoginEventsOptions {
  store: Store;
  gateway: Gateway;
  http: FastifyInstance;
  accounts: ImAccounts;
  log: Logger;
}

export function registerLoginEvents({ store, gateway, http, accounts, log }: LoginEventsOptions): {
  restActions: NimActions;
} {
  const now = gateway.now;
  // A logout names the address its device logged in from, as the login does.
  const addresses = new WeakMap<Session, string>();
  // Grouped with the other logins' writes of the same moment (a reconnect storm is thousands).
  const record = (session: Session, eventType: 2 | 3, ip: string) => {
    const row = {
      app_key: session.appKey,
      accid: session.accid,
      event_type: eventType,
      client_type: session.clientType,
      device_id: session.deviceId.slice(0, 128),
      client_ip: ip.slice(0, 64),
      time: now(),
    };
    return groupCommit(store.db, (trx) => insertLoginEvent(trx, row));
  };
  gateway.onSessionStart(async (session, connection) => {
    addresses.set(session, connection.ip);
    await record(session, 2, connection.ip);
  });
  gateway.onSessionEnd(async (session) => {
    await record(session, 3, addresses.get(session) ?? '');
  });

  const timer = setInterval(() => {
    pruneLoginEvents(store.db, now() - LOGIN_EVENTS_KEPT_DAYS * DAY_MS).catch((err: unknown) =>
      log.warn({ err }, 'pruning login events failed'),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  http.addHook('onClose', async () => clearInterval(timer));

  const restActions: NimActions = (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'history/queryUserEvents', async ({ appKey, form }) => {
      const { accid } = await actingAccount(
        async (app, id) => (await accounts.get(app, id))?.accid,
        appKey,
        form.accid,
      );
      const begin = Number(form.begintime);
      const end = Number(form.endtime);
      if (end < begin) throw new NimError(414, 'endtime must not be before begintime');
      const limit = Number(form.limit);
      if (limit > HISTORY_PAGE_MAX) throw new NimError(414, `limit is at most ${HISTORY_PAGE_MAX}`);
      const rows = await loginEventsPage(store.db, appKey, accid, {
        begin,
        end,
        limit,
        // NIM: 1 oldest first, 2 newest first (the default).
        newestFirst: form.reverse !== '1',
      });
      return {
        size: rows.length,
        events: rows.map((row) => ({
          accid: row.accid,
          eventType: row.event_type,
          timestamp: Number(row.time),
          clientType: clientTypeName(row.client_type),
          clientIp: row.client_ip,
          deviceId: row.device_id,
        })),
      };
    });
  };
  return { restActions };
}
