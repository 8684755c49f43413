// The official NIM Web SDK (@yxim/nim-web-sdk, its Node build) pointed at a test server through
// privateConf, as an existing NIM app would be: its own load balancer path on our host, its
// reporting switched off. Nothing leaves the machine (loopback-guard.ts).
import { createRequire } from 'node:module';
import type { TestServer } from '../harness/index.ts';

const require = createRequire(import.meta.url);

/** The SDK's instance: NIM's method names, taking `done` callbacks (see its dist/types). */
export type OfficialNim = Record<string, (...args: unknown[]) => unknown> & {
  disconnect(options?: { done?: () => void }): void;
  destroy(options?: { done?: () => void }): void;
  on(name: string, handler: (value: unknown) => void): void;
};

interface OfficialNimClass {
  getInstance(options: Record<string, unknown>): OfficialNim;
}

let loaded: OfficialNimClass | undefined;
function officialNim(): OfficialNimClass {
  if (!loaded) {
    const module = require('@yxim/nim-web-sdk/dist/SDK/NIM_Web_NIM_nodejs.js') as
      OfficialNimClass | { default: OfficialNimClass };
    loaded = 'default' in module ? module.default : module;
  }
  return loaded;
}

/** privateConf for a Morsel server: NIM's own paths on our host, no reporting, no https. */
export function privateConf(server: TestServer) {
  const host = new URL(server.url).host;
  return {
    lbs_web: `${server.url}/lbs/webconf.jsp`,
    link_web: host,
    link_ssl_web: false,
    https_enabled: false,
    isDataReportEnable: false,
    isABTestEnable: false,
    isMixStoreEnable: false,
  };
}

/** The signalling events of NIM's SDK (NIMSignalingEventInterface in its dist/types). */
const SIGNALLING_EVENTS = [
  'signalingNotify',
  'signalingMutilClientSyncNotify',
  'signalingUnreadMessageSyncNotify',
  'signalingChannelsSyncNotify',
];

export interface OfficialClient {
  nim: OfficialNim;
  /** Every callback the SDK fired, by name, in order. */
  seen: { name: string; value: unknown }[];
  next(name: string, timeoutMs?: number): Promise<unknown>;
}

/** An official SDK instance logged in (or failed) as a demo account of the server. */
export function officialClient(
  server: TestServer,
  account: { accid: string; token: string },
  extra: Record<string, unknown> = {},
): OfficialClient {
  const seen: { name: string; value: unknown }[] = [];
  const waiters: { name: string; resolve: (value: unknown) => void }[] = [];
  const record = (name: string) => (value: unknown) => {
    seen.push({ name, value });
    for (const waiter of waiters.filter((w) => w.name === name)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(value);
    }
  };
  // Every callback of NIMGetInstanceOptions this server can fire (dist/types/nim).
  const names = [
    'onconnect',
    'onerror',
    'ondisconnect',
    'onwillreconnect',
    'onsyncdone',
    'onmsg',
    'onofflinemsgs',
    'onroamingmsgs',
    'onloginportschange',
    'onsessions',
    'onupdatesessions',
    'onupdatesession',
    'onMsgReceipts',
    'onTeamMsgReceipt',
    'onsysmsg',
    'onofflinesysmsgs',
    'onroamingsysmsgs',
    'onupdatesysmsg',
    'onsysmsgunread',
    'onupdatesysmsgunread',
    'oncustomsysmsg',
    'onofflinecustomsysmsgs',
    'onfriends',
    'onsyncfriendaction',
    'onmyinfo',
    'onupdatemyinfo',
    'onusers',
    'onupdateuser',
    'onteams',
    'onsynccreateteam',
    'onCreateTeam',
    'onUpdateTeam',
    'onAddTeamMembers',
    'onRemoveTeamMembers',
    'onUpdateTeamManagers',
    'onDismissTeam',
    'onTransferTeam',
    'onupdateteammember',
    'onMyTeamMembers',
    'onSuperTeams',
    'onSyncCreateSuperTeam',
    'onUpdateSuperTeam',
    'onAddSuperTeamMembers',
    'onRemoveSuperTeamMembers',
    'onUpdateSuperTeamManagers',
    'onUpdateSuperTeamMember',
    'onMySuperTeamMembers',
    'onUpdateSuperTeamMembersMute',
    'onTransferSuperTeam',
    'onpushevents',
    'onblacklist',
    'onmutelist',
    'onDeleteMsgSelf',
  ];
  const callbacks = Object.fromEntries(names.map((n) => [n, record(n.slice(2))]));
  const nim = officialNim().getInstance({
    appKey: server.server.seeded.appKey,
    account: account.accid,
    token: account.token,
    db: false,
    debug: process.env.NIM_DEBUG === '1',
    privateConf: privateConf(server),
    ...callbacks,
    ...extra,
  });
  // NIM's signalling events come through nim.on (its emitAPI), not options: recorded by name.
  for (const name of SIGNALLING_EVENTS) nim.on(name, record(name));
  return {
    nim,
    seen,
    next(name, timeoutMs = 10_000) {
      const already = seen.find((e) => e.name === name);
      if (already) {
        seen.splice(seen.indexOf(already), 1);
        return Promise.resolve(already.value);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no ${name} within ${timeoutMs} ms; seen ${JSON.stringify(seen.map((e) => e.name))}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          name,
          resolve: (value) => {
            clearTimeout(timer);
            const index = seen.findIndex((e) => e.name === name && e.value === value);
            if (index >= 0) seen.splice(index, 1);
            resolve(value);
          },
        });
      });
    },
  };
}

/** Calls one of the SDK's methods that reports through `done(error, result)`. */
export function call<T>(nim: OfficialNim, method: string, options: Record<string, unknown> = {}) {
  return new Promise<T>((resolve, reject) => {
    nim[method]!({
      ...options,
      done: (error: unknown, result: T) => (error ? reject(error) : resolve(result)),
    });
  });
}

/** Ends an instance and waits until the SDK says it is gone (its per-account cache is cleared). */
export function destroyOfficial(nim: OfficialNim): Promise<void> {
  return new Promise((resolve) => nim.destroy({ done: () => resolve() }));
}

/** Calls a method whose `done(error, params, data)` reports its result in `data` (NIM's getters). */
export function callForData<T>(
  nim: OfficialNim,
  method: string,
  options: Record<string, unknown> = {},
) {
  return new Promise<T>((resolve, reject) => {
    nim[method]!({
      ...options,
      done: (error: unknown, _params: unknown, data: T) => (error ? reject(error) : resolve(data)),
    });
  });
}
