// Broadcast messages (NIM's msg/broadcastMsg, docs/im-server-api.md "Broadcasts"): the app's
// backend sends one to every account. Each logged-in connection follows its app's broadcast group
// for its client kind, so a broadcast is one publish per kind whatever the number online; one kept
// for offline accounts (isOffline) waits in the store until its ttl and reaches each device in the
// sync category broadcastMsgs, which NIM's SDK and ours both ask for at login.
import type { FastifyInstance } from 'fastify';
import { CLIENT_TYPES, type BroadcastMsg, type ClientTypeCode } from '@morsel/protocol';
import {
  BROADCAST_TARGET_OS,
  BROADCAST_TTL_MAX_HOURS,
  type NimReplyOf,
} from '@morsel/protocol/nim-rest';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { actingAccount, NimError, nimAction, type NimActions } from '../rest/index.ts';
import {
  acknowledgeBroadcasts,
  insertBroadcast,
  keptBroadcastsQuery,
  keptBroadcastsSince,
  pruneBroadcasts,
  type BroadcastRow,
} from './store.ts';

type TargetOs = (typeof BROADCAST_TARGET_OS)[number];

/** NIM's targetOs name of each client kind; the others (Windows Phone, Server) get broadcasts for all. */
const OS_OF: Partial<Record<ClientTypeCode, TargetOs>> = {
  [CLIENT_TYPES.iOS]: 'ios',
  [CLIENT_TYPES.Android]: 'aos',
  [CLIENT_TYPES.PC]: 'pc',
  [CLIENT_TYPES.Web]: 'web',
  [CLIENT_TYPES.Mac]: 'mac',
};
const OTHER = 'other';

/** NIM keeps an offline broadcast 7 days unless told otherwise. */
const DEFAULT_TTL_HOURS = 168;
/** Kept broadcasts a sync delivers at most (the newest). */
export const SYNC_BROADCASTS_MAX = 100;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const groupOf = (appKey: string, os: string) => `${appKey}:broadcast:${os}`;

function targetOsOf(text: string | undefined): TargetOs[] {
  if (text === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NimError(414, 'targetOs must be a JSON array');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every((os) => (BROADCAST_TARGET_OS as readonly unknown[]).includes(os))
  )
    throw new NimError(414, `targetOs must be a JSON array of ${BROADCAST_TARGET_OS.join(', ')}`);
  return [...new Set(parsed as TargetOs[])];
}

/** A broadcast's id is its time, unique in its app (store.ts), as NIM's SDK uses it for a timetag. */
const toBroadcastMsg = (row: Omit<BroadcastRow, 'id'>): BroadcastMsg => ({
  broadcastId: String(row.time),
  fromAccid: row.from_accid,
  body: row.body,
  time: row.time,
});

export interface BroadcastsOptions {
  store: Store;
  im: ImGateway;
  http: FastifyInstance;
  accounts: ImAccounts;
  log: Logger;
  /** batchMarkRead of broadcasts (NIM's SDK acknowledges each one it gets) registers here. */
  messaging: Pick<Messaging, 'readMarkers'>;
}

export function registerBroadcasts({
  store,
  im,
  http,
  accounts,
  log,
  messaging,
}: BroadcastsOptions): {
  restActions: NimActions;
} {
  const { gateway } = im;
  const now = gateway.now;

  gateway.onSessionStart(async (session, connection) => {
    await gateway.groups.join(
      connection,
      groupOf(session.appKey, OS_OF[session.clientType] ?? OTHER),
    );
  });
  im.syncSources.register(
    'broadcastMsgs',
    async ({ session, connection }, since) => {
      const os = OS_OF[session.clientType];
      const rows = (
        await keptBroadcastsSince(
          store.db,
          session.appKey,
          session.accid,
          since,
          now(),
          SYNC_BROADCASTS_MAX,
        )
      ).filter((row) => row.target_os === '' || (os && row.target_os.split(',').includes(os)));
      if (rows.length === 0) return;
      connection.push('syncBroadcastMsgs', { broadcastMsgs: rows.map(toBroadcastMsg) });
      return { timetag: rows[rows.length - 1]!.time };
    },
    // Wider than the source (every platform's): a broadcast for another platform only costs a query.
    (p) => keptBroadcastsQuery(store.db, p.appKey, p.accid, p.since, p.now),
    { emptyReturns: 'clock' },
  );

  // An acknowledged broadcast (batchMarkRead naming the broadcastMsg or syncBroadcastMsgs push and
  // broadcastIds) is not synced to the account again, on any of its devices; ids that name no kept
  // broadcast of the app are skipped, as for messages.
  messaging.readMarkers.register(['broadcastMsg', 'syncBroadcastMsgs'], (session, _id, ids) =>
    acknowledgeBroadcasts(
      store.db,
      session.appKey,
      session.accid,
      ids.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number),
      now(),
    ),
  );

  const timer = setInterval(() => {
    pruneBroadcasts(store.db, now()).catch((err: unknown) =>
      log.warn({ err }, 'pruning broadcast messages failed'),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  http.addHook('onClose', async () => clearInterval(timer));

  const restActions: NimActions = (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'msg/broadcastMsg', async ({ appKey, form }) => {
      const from =
        form.from === undefined
          ? ''
          : (
              await actingAccount(
                async (app, id) => (await accounts.get(app, id))?.accid,
                appKey,
                form.from,
              )
            ).accid;
      const targets = targetOsOf(form.targetOs);
      const kept = form.isOffline === 'true';
      const ttl = form.ttl === undefined ? DEFAULT_TTL_HOURS : Number(form.ttl);
      if (ttl > BROADCAST_TTL_MAX_HOURS)
        throw new NimError(414, `ttl is at most ${BROADCAST_TTL_MAX_HOURS} hours`);
      const asked = now();
      const time = await insertBroadcast(store.db, {
        app_key: appKey,
        from_accid: from,
        body: form.body,
        target_os: targets.join(','),
        time: asked,
        expires_at: kept ? asked + ttl * 3_600_000 : 0,
      });
      const expiresAt = kept ? time + ttl * 3_600_000 : 0;
      const broadcastMsg = toBroadcastMsg({
        from_accid: from,
        body: form.body,
        target_os: targets.join(','),
        time,
        expires_at: expiresAt,
      });
      const groups = targets.length > 0 ? targets : [...BROADCAST_TARGET_OS, OTHER];
      for (const os of groups)
        await gateway.pushToGroup(groupOf(appKey, os), 'broadcastMsg', { broadcastMsg });
      const reply: NimReplyOf<'msg/broadcastMsg'>['msg'] = {
        broadcastId: time,
        body: form.body,
        isOffline: kept,
        createTime: time,
        ...(from !== '' && { fromAccid: from }),
        ...(targets.length > 0 && { targetOs: targets }),
        ...(kept && { ttl, expireTime: expiresAt }),
      };
      return { msg: reply };
    });
  };
  return { restActions };
}
