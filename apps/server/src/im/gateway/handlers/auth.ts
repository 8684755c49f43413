// Service auth (2): login, logout, and kicking the account's other devices.
import { CLIENT_TYPES, MIN_PROTOCOL_VERSION, MIN_SDK_VERSION } from '@morsel/protocol';
import { CommandError } from '../errors.ts';
import type { LoginPort } from '../ports.ts';
import { loginThrottleKey } from '../login-throttle.ts';
import type { HandlerContext, HandlerTable } from './types.ts';

const MOBILE = new Set<number>([CLIENT_TYPES.Android, CLIENT_TYPES.iOS, CLIENT_TYPES.WindowsPhone]);
const DESKTOP = new Set<number>([CLIENT_TYPES.PC, CLIENT_TYPES.Mac]);
/** Failed logins one connection may make before it is closed (security review M1). */
export const MAX_FAILED_LOGINS_PER_CONNECTION = 3;

/**
 * The multi-device policy (docs/im-gateway.md): one mobile and one desktop session per account,
 * any number of web tabs and server clients. A new mobile login ends the older mobile one, a new
 * desktop login the older desktop one.
 */
export function conflicts(existing: number, incoming: number): boolean {
  return (
    (MOBILE.has(existing) && MOBILE.has(incoming)) ||
    (DESKTOP.has(existing) && DESKTOP.has(incoming))
  );
}

export const authHandlers: HandlerTable = {
  async login({ connection, gateway, now }, params) {
    if (connection.session) throw new CommandError(417, 'this connection is already logged in');
    if (params.protocolVersion < MIN_PROTOCOL_VERSION) throw new CommandError(997);
    if (params.sdkVersion < MIN_SDK_VERSION) throw new CommandError(201);
    // Throttled by account and address before the token is looked up: guessing costs no query.
    const throttleKey = loginThrottleKey(params.appKey, params.account);
    const blocked = gateway.loginThrottle.blockedFor(throttleKey, connection.ip);
    if (blocked > 0) {
      refuseFurtherGuesses(connection);
      throw new CommandError(416, `too many failed logins: retry in ${blocked} s`, {
        duration: blocked,
      });
    }
    const verdict = await gateway.verifier.verifyLogin(params.appKey, params.account, params.token);
    if (!verdict.ok) {
      if (verdict.code === 302) gateway.loginThrottle.failed(throttleKey, connection.ip);
      refuseFurtherGuesses(connection);
      throw new CommandError(verdict.code);
    }
    gateway.loginThrottle.succeeded(throttleKey);

    const account = { appKey: params.appKey, accid: verdict.account.accid };
    const port: LoginPort = {
      type: params.clientType,
      os: params.os,
      deviceId: params.deviceId,
      account: account.accid,
      connectionId: connection.id,
      ip: connection.ip,
      time: now(),
      ...(params.customTag && { customTag: params.customTag }),
    };
    const others = await gateway.ports(account);
    // The same device logging in again (a reconnect the server has not noticed yet) replaces its
    // old connection quietly; another device of the same platform is kicked with a reason.
    const sameDevice = others.filter(
      (p) => p.deviceId === params.deviceId && conflicts(p.type, params.clientType),
    );
    const rivals = others.filter(
      (p) => p.deviceId !== params.deviceId && conflicts(p.type, params.clientType),
    );
    const staying = others.filter((p) => !sameDevice.includes(p) && !rivals.includes(p));
    if (staying.length >= gateway.maxConnectionsPerAccount) {
      throw new CommandError(
        403,
        `too many connections: this account already holds ${staying.length} (at most ${gateway.maxConnectionsPerAccount})`,
      );
    }

    await gateway.attachSession(
      connection,
      {
        ...account,
        nick: verdict.account.name ?? '',
        clientType: params.clientType,
        deviceId: params.deviceId,
        os: params.os,
        ...(params.customTag && { customTag: params.customTag }),
        loginAt: port.time,
      },
      port,
    );
    if (sameDevice.length)
      await gateway.kick(
        account,
        sameDevice.map((p) => p.connectionId),
        'samePlatformKick',
        { quiet: true },
      );
    if (rivals.length) {
      await gateway.kick(
        account,
        rivals.map((p) => p.connectionId),
        'samePlatformKick',
        { fromClientType: params.clientType },
      );
    }
    await gateway.pushToAccount(
      account,
      'multiPortLogin',
      { state: 2, ports: [port] },
      connection.id,
    );
    const uploadTicket = await gateway.uploadTickets?.issue(
      account.appKey,
      account.accid,
      params.deviceId,
    );
    return {
      connectionId: connection.id,
      loginPorts: staying,
      serverTime: now(),
      ...(uploadTicket && { uploadTicket }),
    };
  },

  async logout({ connection }) {
    connection.onAfterReply(() => connection.close('logout'));
  },

  async kick({ session, connection, gateway }, params) {
    const wanted = new Set(params.deviceIds);
    const targets = (await gateway.ports(session)).filter(
      (p) => wanted.has(p.deviceId) && p.connectionId !== connection.id,
    );
    if (targets.length) {
      await gateway.kick(
        session,
        targets.map((p) => p.connectionId),
        'otherPlatformKick',
        { fromClientType: session.clientType },
      );
    }
    return { deviceIds: [...new Set(targets.map((p) => p.deviceId))] };
  },
};

/** Counts a refused login on the connection; the third closes it once the refusal is sent. */
function refuseFurtherGuesses(connection: HandlerContext['connection']): void {
  if (++connection.failedLogins >= MAX_FAILED_LOGINS_PER_CONNECTION) {
    connection.onAfterReply(() => connection.close('too many failed logins'));
  }
}
