// The NIM dialect of the command table: for each command a NIM client may send, how its typed
// parameters (`Q`) become ours, and how our reply or push parameters become NIM's positional
// results (`r`). Keyed by our command names and typed from the table, so a renamed command or
// field fails the type check here. NIM's ids are ours unless an entry names its own (NIM sends a
// team message as 8_2 where we have one sendMsg). A command missing here is answered Not_Support
// to a NIM client (docs/nim-compatibility.md lists each command's status in both dialects).
import {
  COMMANDS,
  type CommandName,
  type PushName,
  type PushParams,
  type ReplyOf,
} from '../commands/index.ts';
import { isSyncCategory } from '../sync-categories.ts';
import { msgToNim, nimMsgId, outgoingFromNim, SCENE_NUMBERS, sceneOf } from './messages.ts';
import {
  customSysMsgFromNim,
  customSysMsgToNim,
  friendToNim,
  sysMsgToNim,
  userToNim,
} from './people.ts';
import { recallFromNim, recallToNim } from './sysmsgs.ts';
import { memberToNim, teamFromNim, teamToNim } from './teams.ts';
import { fromTags, toTags } from './tags.ts';
import { bool, int } from './values.ts';

/** One typed parameter of a NIM request: `{t: 'Property', v: {...}}`, `{t: 'Long', v: 1}`, ... */
export interface NimParam {
  t: string;
  v: unknown;
}

/** A command's service and command id on NIM's wire. */
export interface NimId {
  sid: number;
  cid: number;
}

interface RequestDialect<N extends CommandName> {
  /** NIM's ids for this command when they are not ours. */
  nimIds?: readonly NimId[];
  /** Our request parameters from NIM's (and the id NIM sent); absent: the command takes none. */
  request?: (q: readonly NimParam[], id: NimId) => Record<string, unknown>;
  /** NIM's results from our reply; absent: an empty result. */
  reply?: (params: ReplyOf<N>) => unknown[];
}

interface PushDialect<N extends PushName> {
  /** NIM's id for this push when it is not ours (it may depend on the parameters; none: not sent). */
  nimId?: (params: PushParams<N>) => NimId | undefined;
  push: (params: PushParams<N>) => unknown[];
}

export type NimDialect = {
  [N in CommandName]?: N extends PushName ? PushDialect<N> : RequestDialect<N>;
};

const first = (q: readonly NimParam[]) => q[0]?.v;
/** The values of NIM's positional parameters, by the names its command config gives them. */
const positional = (q: readonly NimParam[], names: readonly string[]) =>
  Object.fromEntries(names.map((name, i) => [name, q[i]?.v]));
const text = (value: unknown) =>
  value === undefined || value === null ? undefined : String(value);

/** NIM's history queries: p2p by account (7_6), teams by team id (8_23). */
function historyFromNim(q: readonly NimParam[], id: NimId) {
  const p = positional(q, ['to', 'beginTime', 'endTime', 'lastMsgId', 'limit', 'reverse']);
  const query: Record<string, unknown> = {
    scene: id.sid === 8 ? 'team' : 'p2p',
    to: text(p.to),
    beginTime: int(text(p.beginTime)),
    endTime: int(text(p.endTime)),
    limit: int(text(p.limit)),
    reverse: bool(text(p.reverse)),
  };
  // NIM sends 0 for "from the newest"; ours leaves the bounds out.
  for (const bound of ['beginTime', 'endTime'] as const)
    if (query[bound] === 0) delete query[bound];
  const last = text(p.lastMsgId);
  if (last && last !== '0') query.lastMsgId = last;
  return query;
}

const receiptToNim = (receipt: { account: string; time: number }) =>
  toTags('msgReceipt', { from: receipt.account, time: receipt.time });

const teamMsgRef = (property: unknown) => {
  const f = fromTags('teamMsgReceipt', property);
  return { teamId: f.teamId, idServer: f.idServer };
};
/**
 * NIM's PropertyArray parameter arrives as `{t: 'ArrayMable', v: [{t: 'Property', v: {...}}]}`:
 * the property maps inside; anything else is left as it came, for the schema to refuse.
 */
const propertyList = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map((item: unknown) =>
        item && typeof item === 'object' && 'v' in item ? (item as NimParam).v : item,
      )
    : value;
const teamMsgRefs = (param: unknown) => {
  const list = propertyList(param);
  return Array.isArray(list) ? list.map(teamMsgRef) : list;
};

/** `[msgEventSubscribe, accounts?]`: an event type and, for some commands, accounts. */
function eventTypeAndAccounts(q: readonly NimParam[]) {
  const f = fromTags('msgEventSubscribe', first(q));
  return { type: int(f.type), ...(q[1] !== undefined && { accounts: q[1].v }) };
}

/** `[teamId, accounts]`, as several team commands take them. */
function teamAndAccounts(q: readonly NimParam[]) {
  const p = positional(q, ['teamId', 'accounts']);
  return { teamId: text(p.teamId), accounts: p.accounts };
}
/** `[teamId, from, ps?]`: answers to an application or invitation. */
function teamAndFrom(q: readonly NimParam[]) {
  const p = positional(q, ['teamId', 'from', 'ps']);
  return { teamId: text(p.teamId), from: text(p.from), ps: text(p.ps) };
}

/** The newest update time of a list (NIM's sync pushes carry it as their timetag). */
const newestOf = (list: readonly { updateTime: number }[]) =>
  Math.max(0, ...list.map((item) => item.updateTime));

const msgs = (list: readonly Parameters<typeof msgToNim>[0][]) => list.map(msgToNim);

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
  kicked: {
    push: (p) => [p.fromClientType ?? 0, p.reason, p.custom ?? '', 0],
  },
  multiPortLogin: {
    push: (p) => [p.state, p.ports.map((port) => toTags('loginPort', port))],
  },
  sync: {
    request(q) {
      const named = fromTags('sync', first(q));
      const timetags: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(named))
        if (isSyncCategory(name)) timetags[name] = int(value);
      // NIM keeps one timetag for messages of every scene; ours has one per scene.
      if (timetags.offlineMsgs !== undefined) timetags.teamMsgs = timetags.offlineMsgs;
      return { timetags };
    },
    // NIM's syncDone carries one timetag: the newest of ours.
    reply: (p) => [Math.max(0, ...Object.values(p.timetags))],
  },
  syncOfflineMsgs: { push: (p) => [msgs(p.msgs)] },
  // NIM learns a session's read ack at sync as syncSessionAck (4_14): p2p acks by account, team
  // acks by team id; the SDK counts unread messages after them. Super-team sessions are not in
  // the dialect yet.
  syncSessions: {
    nimId: () => ({ sid: 4, cid: 14 }),
    push: (p) => {
      const acks = { p2p: {} as Record<string, number>, team: {} as Record<string, number> };
      for (const session of p.sessions)
        if (session.scene !== 'superTeam') acks[session.scene][session.to] = session.ack;
      const newest = Math.max(0, ...p.sessions.map((s) => s.updateTime));
      return [acks.p2p, acks.team, newest];
    },
  },
  markSessionAck: {
    request: (q) => {
      const p = positional(q, ['scene', 'to', 'timetag']);
      return { scene: sceneOf(text(p.scene)), to: text(p.to), timetag: int(text(p.timetag)) };
    },
  },
  // Another device of the account read a session: NIM's syncMarkSessionAck (7_116).
  sessionAck: {
    nimId: (p) => (p.ack.sessionId.startsWith('superTeam-') ? undefined : { sid: 7, cid: 116 }),
    push: (p) => {
      const [scene, ...rest] = p.ack.sessionId.split('-');
      return [SCENE_NUMBERS[scene as 'p2p' | 'team'], rest.join('-'), p.ack.ack];
    },
  },
  syncRoamingMsgs: { push: (p) => [msgs(p.msgs)] },
  getServerTime: { reply: (p) => [p.time] },
  getNosCdnHost: { reply: (p) => [toTags('nosConfig', p)] },
  sendMsg: {
    nimIds: [COMMANDS.sendMsg, { sid: 8, cid: 2 }],
    request: (q, id) => ({ msg: outgoingFromNim(first(q), id.sid === 8 ? 'team' : undefined) }),
    reply: (p) => [msgToNim(p.msg)],
  },
  msg: {
    nimId: (p) => nimMsgId(p.msg),
    push: (p) => [msgToNim(p.msg)],
  },
  getHistoryMsgs: {
    nimIds: [COMMANDS.getHistoryMsgs, { sid: 8, cid: 23 }],
    request: historyFromNim,
    reply: (p) => [msgs(p.msgs)],
  },
  // One-to-one read receipts. NIM's SDK names the message read by its sender (`to`: the peer) and
  // the sender's client id; the reader's receipt comes to the sender as `from` with the time read.
  sendMsgReceipt: {
    request: (q) => {
      const f = fromTags('msgReceipt', first(q));
      return { msg: { scene: 'p2p', from: f.to, idClient: f.idClient, time: int(f.time) } };
    },
  },
  msgReceipt: { push: (p) => [receiptToNim(p.receipt)] },
  syncMsgReceipts: {
    push: (p) => [p.receipts.map(receiptToNim), Math.max(0, ...p.receipts.map((r) => r.time))],
  },
  // Team read receipts: the messages as (team id, server id) pairs, the counts per message back;
  // a member's read reaches the sender as NIM's notifyTeamMsgReads (8_31).
  sendTeamMsgReceipt: { request: (q) => ({ teamMsgReceipts: teamMsgRefs(first(q)) }) },
  getTeamMsgReads: {
    request: (q) => ({ teamMsgReceipts: teamMsgRefs(first(q)) }),
    reply: (p) => [p.reads.map((r) => toTags('teamMsgReceipt', r))],
  },
  getTeamMsgReadAccounts: {
    request: (q) => ({ teamMsgReceipt: teamMsgRef(first(q)) }),
    reply: (p) => [{}, p.readAccounts, p.unreadAccounts],
  },
  teamMsgReceipt: {
    nimId: () => ({ sid: 8, cid: 31 }),
    push: (p) => [p.reads.map((r) => toTags('teamMsgReceipt', r))],
  },
  // Recalls: NIM's SDK sends the notice it wants delivered (7_13); the recipients get it live as
  // NIM's onMsgDeleted (7_14) and at sync as onDeleteMsgOfflineRoaming (7_15, 1: offline).
  // Super-team recalls travel on NIM's super-team service, not in the dialect yet.
  deleteMsg: { request: (q) => recallFromNim(first(q)) },
  msgDeleted: {
    nimId: (p) => (p.deleted.scene === 'superTeam' ? undefined : { sid: 7, cid: 14 }),
    push: (p) => [recallToNim(p.deleted)],
  },
  syncDeletedMsgs: {
    nimId: () => ({ sid: 7, cid: 15 }),
    push: (p) => {
      const deleted = p.deleted.filter((d) => d.scene !== 'superTeam');
      return [deleted.map(recallToNim), Math.max(0, ...deleted.map((d) => d.deletedAt)), 1];
    },
  },
  // Users and friends.
  getUsers: {
    request: (q) => ({ accounts: first(q) }),
    reply: (p) => [p.users.map(userToNim)],
  },
  syncMyInfo: { nimId: () => ({ sid: 3, cid: 109 }), push: (p) => [userToNim(p.user), 0] },
  syncFriendUsers: {
    nimId: () => ({ sid: 12, cid: 6 }),
    push: (p) => [p.users.map(userToNim), newestOf(p.users)],
  },
  syncFriends: {
    nimId: () => ({ sid: 12, cid: 5 }),
    push: (p) => [p.friends.map(friendToNim), newestOf(p.friends)],
  },
  getFriends: { reply: (p) => [p.friends.map(friendToNim), newestOf(p.friends)] },
  friendRequest: {
    request: (q) => {
      const p = positional(q, ['account', 'type', 'ps']);
      return { account: text(p.account), type: int(text(p.type)), ps: text(p.ps) };
    },
  },
  deleteFriend: {
    request: (q) => {
      const options = fromTags('delFriendParams', q[1]?.v);
      return { account: text(first(q)), delAlias: bool(options.delAlias) };
    },
  },
  updateFriend: {
    request: (q) => {
      const f = fromTags('friend', first(q));
      return { account: f.account, alias: f.alias, custom: f.custom };
    },
  },
  // A friendship changed on another device of the account, or by the other side: NIM's
  // syncFriendRequest (12_101, 1 added, 3 passed), syncDeleteFriend (12_102), syncUpdateFriend.
  friendChanged: {
    nimId: (p) =>
      ({
        addFriend: { sid: 12, cid: 101 },
        passFriendApply: { sid: 12, cid: 101 },
        deleteFriend: { sid: 12, cid: 102 },
        updateFriend: { sid: 12, cid: 103 },
      })[p.action],
    push: (p) => {
      if (p.action === 'deleteFriend') return [p.friend.account];
      if (p.action === 'updateFriend') return [friendToNim(p.friend)];
      return [p.friend.account, p.action === 'addFriend' ? 1 : 3, ''];
    },
  },
  // System messages: friend and team requests and answers, live and at sync.
  sysMsg: {
    nimId: (p) => (sysMsgToNim(p.sysMsg) ? { sid: 7, cid: 3 } : undefined),
    push: (p) => [sysMsgToNim(p.sysMsg)],
  },
  syncOfflineSysMsgs: {
    push: (p) => [p.sysMsgs.map(sysMsgToNim).filter((m) => m !== undefined)],
  },
  sendCustomSysMsg: {
    request: (q) => ({ sysMsg: customSysMsgFromNim(fromTags('sysMsg', first(q))) }),
  },
  customSysMsg: { nimId: () => ({ sid: 7, cid: 3 }), push: (p) => [customSysMsgToNim(p.sysMsg)] },
  // Teams. NIM's team ids are Longs; ours are text.
  createTeam: {
    request: (q) => {
      const p = positional(q, ['team', 'accounts', 'ps']);
      return { ...teamFromNim(p.team), accounts: p.accounts, ps: text(p.ps) };
    },
    reply: (p) => [teamToNim(p.team), p.failedAccounts],
  },
  getTeam: {
    request: (q) => ({ teamId: text(first(q)) }),
    reply: (p) => [teamToNim(p.team)],
  },
  getTeams: {
    reply: (p) => [p.teams.map(teamToNim), newestOf(p.teams)],
  },
  getTeamMembers: {
    request: (q) => ({ teamId: text(first(q)) }),
    reply: (p) => [p.members[0]?.teamId ?? '', p.members.map(memberToNim), newestOf(p.members)],
  },
  syncTeams: {
    nimId: () => ({ sid: 8, cid: 109 }),
    push: (p) => [newestOf(p.teams), p.teams.map(teamToNim)],
  },
  syncMyTeamMembers: {
    nimId: () => ({ sid: 8, cid: 126 }),
    push: (p) => [p.members.map(memberToNim), newestOf(p.members)],
  },
  updateTeam: {
    request: (q) => {
      const { teamId, ...fields } = teamFromNim(first(q));
      return { teamId, ...fields };
    },
    reply: (p) => [p.team.teamId, p.team.updateTime],
  },
  addTeamMembers: {
    request: (q) => {
      const p = positional(q, ['teamId', 'accounts', 'ps']);
      return { teamId: text(p.teamId), accounts: p.accounts, ps: text(p.ps) };
    },
    reply: (p) => [0, p.failedAccounts],
  },
  removeTeamMembers: { request: teamAndAccounts },
  addTeamManagers: { request: teamAndAccounts },
  removeTeamManagers: { request: teamAndAccounts },
  leaveTeam: { request: (q) => ({ teamId: text(first(q)) }) },
  dismissTeam: { request: (q) => ({ teamId: text(first(q)) }) },
  transferTeam: {
    request: (q) => {
      const p = positional(q, ['teamId', 'account', 'leave']);
      return { teamId: text(p.teamId), account: text(p.account), leave: bool(text(p.leave)) };
    },
  },
  applyTeam: {
    request: (q) => {
      const p = positional(q, ['teamId', 'ps']);
      return { teamId: text(p.teamId), ps: text(p.ps) };
    },
    // NIM answers with the team; ours says whether the account joined at once.
    reply: () => [{}],
  },
  passTeamApply: { request: teamAndFrom },
  rejectTeamApply: { request: teamAndFrom },
  acceptTeamInvite: { request: teamAndFrom, reply: () => [{}] },
  rejectTeamInvite: { request: teamAndFrom },
  // Events: NIM's msgEvent and msgEventSubscribe property maps. A subscription's current events,
  // which our reply carries, are not in NIM's reply (it names only the failed accounts).
  publishEvent: {
    request: (q) => {
      const f = fromTags('msgEvent', first(q));
      return {
        event: {
          type: int(f.type),
          value: int(f.value),
          custom: f.custom,
          idClient: f.idClient,
          validTime: int(f.validTime),
          broadcastType: int(f.broadcastType),
          sync: bool(f.sync),
        },
      };
    },
    reply: (p) => [toTags('msgEvent', p.event)],
  },
  pushEvent: { push: (p) => [toTags('msgEvent', p.event)] },
  pushEvents: { push: (p) => [p.events.map((e) => toTags('msgEvent', e))] },
  subscribeEvent: {
    request: (q) => {
      const f = fromTags('msgEventSubscribe', first(q));
      return {
        type: int(f.type),
        accounts: q[1]?.v,
        subscribeTime: int(f.subscribeTime),
        sync: bool(f.sync),
      };
    },
    reply: (p) => [p.failedAccounts],
  },
  unSubscribeEventsByAccounts: { request: eventTypeAndAccounts, reply: () => [[]] },
  unSubscribeEventsByType: { request: eventTypeAndAccounts },
  querySubscribeEventsByAccounts: {
    request: eventTypeAndAccounts,
    reply: (p) => [p.subscriptions.map((s) => toTags('msgEventSubscribe', s))],
  },
  querySubscribeEventsByType: {
    request: eventTypeAndAccounts,
    reply: (p) => [p.subscriptions.map((s) => toTags('msgEventSubscribe', s))],
  },
} satisfies NimDialect;

/** The commands a NIM client can use on this server. */
export const NIM_COMMANDS = Object.keys(NIM_DIALECT) as CommandName[];

const keyOf = ({ sid, cid }: NimId) => `${sid}_${cid}`;
const byNimId = new Map<string, CommandName>();
for (const name of NIM_COMMANDS) {
  const entry = NIM_DIALECT[name as keyof typeof NIM_DIALECT] as { nimIds?: readonly NimId[] };
  for (const id of entry.nimIds ?? [COMMANDS[name]]) byNimId.set(keyOf(id), name);
}

/** Our command for the ids a NIM client sent, when the dialect carries it. */
export function commandForNim(id: NimId): CommandName | undefined {
  return byNimId.get(keyOf(id));
}
