// Helpers for IM tests: real SDK instances against a real test server, and waiting for events.
import { NIM, type NimOptions } from '@morsel/im-sdk';
import type { TestServer } from '../harness/index.ts';

let seq = 0;

/** Options for a demo account of the test server, with a fresh device id. */
export function demoOptions(
  server: TestServer,
  index = 0,
  extra: Partial<NimOptions> = {},
): NimOptions {
  const account = server.server.seeded.demoAccounts[index]!;
  return {
    appKey: server.server.seeded.appKey,
    account: account.accid,
    token: account.token,
    lbsUrl: `${server.url}/im/lbs`,
    deviceId: `device-${process.pid}-${++seq}`,
    clientType: 'Web',
    logLevel: 'off',
    logUploadUrl: 'off',
    autoConnect: false,
    ...extra,
  };
}

/** An event recorder: every callback the SDK fires, in order, and a way to wait for one. */
export class Events {
  readonly seen: { name: string; value: unknown }[] = [];
  private waiters: { name: string; resolve: (value: unknown) => void }[] = [];

  callbacks(): Partial<NimOptions> {
    const record = (name: string) => (value: unknown) => this.record(name, value);
    return {
      onconnect: record('connect'),
      onwillreconnect: record('willreconnect'),
      ondisconnect: record('disconnect'),
      onerror: record('error'),
      onloginportschange: record('loginportschange'),
      onsyncdone: () => this.record('syncdone', undefined),
      onmsg: record('msg'),
      onofflinemsgs: record('offlinemsgs'),
      onroamingmsgs: record('roamingmsgs'),
      onsessions: record('sessions'),
      onupdatesession: record('updatesession'),
      ondeletesessions: record('deletesessions'),
      ondonnop: record('donnop'),
      onMsgReceipts: record('msgreceipts'),
      onsysmsg: record('sysmsg'),
      ondeleteMsgSelf: record('deletemsgself'),
      onclearServerHistoryMsgs: record('clearhistory'),
      onofflinesysmsgs: record('offlinesysmsgs'),
      oncustomsysmsg: record('customsysmsg'),
      onsysmsgunread: record('sysmsgunread'),
      onupdatesysmsgunread: record('updatesysmsgunread'),
      onmyinfo: record('myinfo'),
      onupdatemyinfo: record('updatemyinfo'),
      onupdateuser: record('updateuser'),
      onfriends: record('friends'),
      onsyncfriendaction: record('friendaction'),
      onblacklist: record('blacklist'),
      onsyncmarkinblacklist: record('markinblacklist'),
      onmutelist: record('mutelist'),
      onsyncmarkinmutelist: record('markinmutelist'),
      onteams: record('teams'),
      onupdateteam: record('updateteam'),
      onupdateteammembers: record('updateteammembers'),
      onpushevents: record('pushevents'),
      onSuperTeams: record('superteams'),
      onupdatesuperteam: record('updatesuperteam'),
      onupdatesuperteammembers: record('updatesuperteammembers'),
      onTeamMsgReceipt: record('teammsgreceipt'),
    };
  }

  names(): string[] {
    return this.seen.map((e) => e.name);
  }

  /** Every value recorded under a name, in order. */
  all<T = unknown>(name: string): T[] {
    return this.seen.filter((e) => e.name === name).map((e) => e.value as T);
  }

  /** Resolves once `predicate` holds, checking after every event (or fails after the time-out). */
  until(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `condition not met within ${timeoutMs} ms; saw ${this.names().slice(-20).join(', ')}`,
            ),
          ),
        timeoutMs,
      );
      this.checks.push(() => {
        if (!predicate()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      });
    });
  }

  private checks: (() => boolean)[] = [];

  /** Resolves with the next (or an already seen, not yet awaited) event of that name. */
  next<T = unknown>(name: string, timeoutMs = 20_000): Promise<T> {
    const index = this.seen.findIndex((e, i) => e.name === name && !this.consumed.has(i));
    if (index >= 0) {
      this.consumed.add(index);
      return Promise.resolve(this.seen[index]!.value as T);
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${name} event within ${timeoutMs} ms; saw ${this.names().join(', ')}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        name,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
      });
    });
  }

  private readonly consumed = new Set<number>();

  /** Records an event (the SDK's callbacks, and its `nim.on` events: see connectClient). */
  record(name: string, value: unknown): void {
    this.seen.push({ name, value });
    this.checks = this.checks.filter((check) => !check());
    const waiter = this.waiters.find((w) => w.name === name);
    if (waiter) {
      this.consumed.add(this.seen.length - 1);
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(value);
    }
  }
}

/** A connected SDK instance and its events. */
export async function connectClient(
  server: TestServer,
  index = 0,
  extra: Partial<NimOptions> = {},
) {
  const events = new Events();
  const nim = NIM.getInstance({
    ...demoOptions(server, index, extra),
    ...events.callbacks(),
    ...extra,
  });
  // NIM's signalling events come through nim.on, not options; recorded under their own names.
  nim.on('signalingNotify', (n) => events.record('signalingNotify', n));
  nim.on('signalingMutilClientSyncNotify', (n) =>
    events.record('signalingMutilClientSyncNotify', n),
  );
  nim.on('signalingUnreadMessageSyncNotify', (n) =>
    events.record('signalingUnreadMessageSyncNotify', n),
  );
  nim.on('signalingChannelsSyncNotify', (c) => events.record('signalingChannelsSyncNotify', c));
  await nim.connect();
  await events.next('syncdone');
  return { nim, events };
}

/** A new account on the test server, connected: for tests that need more than the demo three. */
export async function connectNewAccount(
  server: TestServer,
  accid: string,
  extra: Partial<NimOptions> = {},
) {
  const { appKey } = server.server.seeded;
  const { token } = await server.server.imAccounts.create({ appKey, accid, name: accid });
  const events = new Events();
  const nim = NIM.getInstance({
    ...demoOptions(server, 0),
    account: accid,
    token,
    ...events.callbacks(),
    ...extra,
  });
  // NIM's signalling events come through nim.on, not options; recorded under their own names.
  nim.on('signalingNotify', (n) => events.record('signalingNotify', n));
  nim.on('signalingMutilClientSyncNotify', (n) =>
    events.record('signalingMutilClientSyncNotify', n),
  );
  nim.on('signalingUnreadMessageSyncNotify', (n) =>
    events.record('signalingUnreadMessageSyncNotify', n),
  );
  nim.on('signalingChannelsSyncNotify', (c) => events.record('signalingChannelsSyncNotify', c));
  await nim.connect();
  await events.next('syncdone');
  return { nim, events };
}
