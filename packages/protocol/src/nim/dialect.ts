// The NIM dialect of the command table: for each command a NIM client may send, how its typed
// parameters (`Q`) become ours, and how our reply or push parameters become NIM's positional
// results (`r`). Keyed by our command names and typed from the table, so a renamed command or
// field fails the type check here. A command missing from this table is answered Not_Support to a
// NIM client (docs/nim-compatibility.md lists each command's status in both dialects).
import type { CommandName, PushName, PushParams, ReplyOf } from '../commands/index.ts';
import { isSyncCategory } from '../sync-categories.ts';
import { msgToNim, outgoingFromNim } from './messages.ts';
import { fromTags, toTags } from './tags.ts';
import { int } from './values.ts';

/** One typed parameter of a NIM request: `{t: 'Property', v: {...}}`, `{t: 'Long', v: 1}`, ... */
export interface NimParam {
  t: string;
  v: unknown;
}

interface RequestDialect<N extends CommandName> {
  /** Our request parameters from NIM's; absent: the command takes none. */
  request?: (q: readonly NimParam[]) => Record<string, unknown>;
  /** NIM's results from our reply; absent: an empty result. */
  reply?: (params: ReplyOf<N>) => unknown[];
}

interface PushDialect<N extends PushName> {
  push: (params: PushParams<N>) => unknown[];
}

export type NimDialect = {
  [N in CommandName]?: N extends PushName ? PushDialect<N> : RequestDialect<N>;
};

const first = (q: readonly NimParam[]) => q[0]?.v;

export const NIM_DIALECT = {
  heartbeat: {},
  login: {
    request(q) {
      const f = fromTags('login', first(q));
      return {
        appKey: f.appKey,
        account: f.account,
        token: f.token,
        clientType: int(f.clientType),
        os: f.os ?? '',
        sdkVersion: int(f.sdkVersion),
        protocolVersion: int(f.protocolVersion),
        deviceId: f.deviceId,
        // NIM sends 1 on its first login as well; only an automatic reconnect matters to us.
        appLogin: f.appLogin === '1' ? 1 : 0,
        ...(f.customTag ? { customTag: f.customTag } : {}),
      };
    },
    reply: (p) => [
      toTags('loginRes', { connectionId: p.connectionId, loginTime: p.serverTime }),
      p.loginPorts.map((port) => toTags('loginPort', port)),
      {},
    ],
  },
  logout: {},
  sync: {
    request(q) {
      const named = fromTags('sync', first(q));
      const timetags: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(named))
        if (isSyncCategory(name)) timetags[name] = int(value);
      return { timetags };
    },
    // NIM's syncDone carries one timetag: the newest of ours.
    reply: (p) => [Math.max(0, ...Object.values(p.timetags))],
  },
  getServerTime: { reply: (p) => [p.time] },
  sendMsg: {
    request: (q) => ({ msg: outgoingFromNim(first(q)) }),
    reply: (p) => [msgToNim(p.msg)],
  },
  msg: { push: (p) => [msgToNim(p.msg)] },
} satisfies NimDialect;

/** The commands a NIM client can use on this server. */
export const NIM_COMMANDS = Object.keys(NIM_DIALECT) as CommandName[];
