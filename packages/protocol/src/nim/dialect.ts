// The NIM dialect of the command table: for each command a NIM client may send, how its typed
// parameters (`Q`) become ours, and how our reply or push parameters become NIM's positional
// results (`r`). Keyed by our command names and typed from the table, so a renamed command or
// field fails the type check here. NIM's ids are ours unless an entry names its own (NIM sends a
// team message as 8_2 where we have one sendMsg). A command missing here is answered Not_Support
// to a NIM client (docs/nim-compatibility.md lists each command's status in both dialects).
import {
  COMMANDS,
  type CommandName,
  type Link,
  type PushName,
  type PushParams,
  type ReplyOf,
} from '../commands/index.ts';
import type { BroadcastMsg } from '../commands/broadcasts.ts';
import { isSyncCategory } from '../sync-categories.ts';
import type { Msg } from '../commands/shapes/messaging.ts';
import { msgToNim, nimMsgId, outgoingFromNim, SCENE_NUMBERS, sceneOf } from './messages.ts';
import {
  customSysMsgFromNim,
  customSysMsgToNim,
  friendToNim,
  sysMsgToNim,
  userToNim,
} from './people.ts';
import { CHATROOM_DIALECT } from './chatroom.ts';
import { DELETES_DIALECT } from './deletes.ts';
import { FILES_DIALECT } from './files.ts';
import { SIGNAL_DIALECT } from './signal.ts';
import { recallFromNim, recallToNim } from './sysmsgs.ts';
import { memberFromNim, memberToNim, muteTypeFromNim, teamFromNim, teamToNim } from './teams.ts';
import { fromTags, toTags } from './tags.ts';
import { bool, int, propertyList } from './values.ts';

/**
 * Thrown by a request mapping for a use of a command the dialect does not carry (a NIM client is
 * answered Not_Support, 403, as for a command the dialect lacks).
 */
export class NimNotCarried extends Error {}

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

/** A packet NIM's SDK reads beside a reply: its data ahead of it, or a push after it. */
export interface NimExtraPacket {
  id: NimId;
  r: unknown[];
}

interface RequestDialect<N extends CommandName> {
  /** NIM's ids for this command when they are not ours. */
  nimIds?: readonly NimId[];
  /** Our request parameters from NIM's (and the id NIM sent); absent: the command takes none. */
  request?: (q: readonly NimParam[], id: NimId) => Record<string, unknown>;
  /** NIM's results from our reply; absent: an empty result. */
  reply?: (params: ReplyOf<N>) => unknown[];
  /** Packets NIM's SDK wants ahead of the reply (its data), by the id NIM asked with. */
  before?: (params: ReplyOf<N>, id: NimId) => NimExtraPacket[];
  /** Pushes (serial 0) NIM's SDK reads after the reply, for what our reply implies. */
  after?: (params: ReplyOf<N>) => NimExtraPacket[];
}

interface PushDialect<N extends PushName> {
  /**
   * NIM's id for this push when it is not ours (it may depend on the parameters, and on the
   * account the connection logged in as; none: not sent).
   */
  nimId?: (params: PushParams<N>, viewer: string | undefined) => NimId | undefined;
  push: (params: PushParams<N>) => unknown[];
  /**
   * Where NIM splits what one push of ours carries (super teams travel apart from the other
   * scenes), the parts, each then sent by nimId and push.
   */
  split?: (params: PushParams<N>) => PushParams<N>[];
  /** `push` gives one result list per packet: NIM carries one item where we batch several. */
  eachPacket?: boolean;
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
/** NIM's LongArray of ids as text; anything but a list stays, for the schema to refuse. */
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text) : value);

/** The scene NIM's service implies: team (8), super team (21), else one-to-one. */
const sceneOfService = (id: NimId) =>
  id.sid === 8 ? 'team' : id.sid === SUPER_TEAM_SID ? 'superTeam' : 'p2p';

/** NIM's history queries: p2p by account (7_6), teams (8_23) and super teams (21_14) by id. */
function historyFromNim(q: readonly NimParam[], id: NimId) {
  const p = positional(q, ['to', 'beginTime', 'endTime', 'lastMsgId', 'limit', 'reverse']);
  const query: Record<string, unknown> = {
    scene: sceneOfService(id),
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

/** NIM's super-team service: its commands carry their own ids there (21_12 getSuperTeams...). */
const SUPER_TEAM_SID = 21;
const superTeamId = (cid: number): readonly NimId[] => [{ sid: SUPER_TEAM_SID, cid }];
const isSuper = (item: { scene: string }) => item.scene === 'superTeam';
/** A list in two parts: the super-team items and the others (NIM sends them apart). */
function bySuperTeam<T extends { scene: string }>(list: readonly T[]): [T[], T[]] {
  return [list.filter(isSuper), list.filter((item) => !isSuper(item))];
}
const allSuper = (list: readonly { scene: string }[]) => list.length > 0 && list.every(isSuper);
/** Splits a push by its list: super teams' part and the rest, empty parts left out. */
function splitBySuperTeam<K extends string, P extends Record<K, readonly { scene: string }[]>>(
  key: K,
) {
  return (params: P): P[] =>
    bySuperTeam(params[key])
      .filter((part) => part.length > 0)
      .map((part) => ({ ...params, [key]: part }));
}
/**
 * NIM's SDK takes one packet of offline or roaming messages as one conversation's (it builds the
 * session from the first message): a push of ours is split into one part per conversation.
 */
function splitByConversation(params: { msgs: readonly Msg[] }): { msgs: Msg[] }[] {
  const parts = new Map<string, Msg[]>();
  for (const msg of params.msgs) {
    const key =
      msg.scene === 'p2p' ? `p2p:${[msg.from, msg.to].sort().join(':')}` : `${msg.scene}:${msg.to}`;
    parts.set(key, [...(parts.get(key) ?? []), msg]);
  }
  return [...parts.values()].map((msgs) => ({ ...params, msgs }));
}
const superMembers = (members: readonly Parameters<typeof memberToNim>[0][]) =>
  members.map((m) => memberToNim(m, 'superTeamMember'));

const sceneOfSessionId = (id: string) => id.split('-', 1)[0] as keyof typeof SCENE_NUMBERS;
/** NIM's read mark of a session: syncMarkSessionAck (7_116), super teams' 21_125. */
function sessionAckOf(scene: keyof typeof SCENE_NUMBERS, to: string, ack: number): NimExtraPacket {
  return scene === 'superTeam'
    ? { id: { sid: SUPER_TEAM_SID, cid: 125 }, r: [to, ack] }
    : { id: { sid: 7, cid: 116 }, r: [SCENE_NUMBERS[scene], to, ack] };
}

/**
 * NIM's member ids `<teamId>|<account>` of one team as our team id and accounts; ids of several
 * teams, or not ids at all, leave the team out for the schema to refuse (414).
 */
function membersByIdsFromNim(value: unknown) {
  if (!Array.isArray(value)) return { accounts: value };
  const pairs = value.map((id) => {
    const raw = text(id) ?? '';
    const bar = raw.indexOf('|');
    return bar > 0 ? [raw.slice(0, bar), raw.slice(bar + 1)] : [undefined, raw];
  });
  const teams = new Set(pairs.map(([team]) => team));
  const [teamId] = teams;
  return {
    ...(teams.size === 1 && teamId !== undefined && { teamId }),
    accounts: pairs.map(([, account]) => account),
  };
}

/** `[teamId, account, mute]` (updateMuteStateInTeam) with NIM's mute as a number. */
function teamAccountMute(q: readonly NimParam[]) {
  const p = positional(q, ['teamId', 'account', 'mute']);
  return { teamId: text(p.teamId), account: text(p.account), mute: bool(text(p.mute)) };
}
/** `[teamMember]`: NIM's member map (updateInfoInTeam) as our fields, no account. */
function ownMemberInfo(entity: 'teamMember' | 'superTeamMember') {
  return (q: readonly NimParam[]) => {
    const f = memberFromNim(first(q), entity);
    return {
      teamId: f.teamId,
      nickInTeam: f.nickInTeam,
      muteNotiType: f.muteNotiType,
      custom: f.custom,
    };
  };
}
/** `[teamMember]`: a member's nick set by an owner or manager (updateNickInTeam). */
function nickOfMember(entity: 'teamMember' | 'superTeamMember') {
  return (q: readonly NimParam[]) => {
    const f = memberFromNim(first(q), entity);
    return { teamId: f.teamId, account: f.account, nickInTeam: f.nickInTeam };
  };
}
/** `[teamId, mute]`: a whole team muted (NIM's 0 none, 1 normal, 3 all). */
function teamMute(q: readonly NimParam[]) {
  const p = positional(q, ['teamId', 'mute']);
  return { teamId: text(p.teamId), muteType: muteTypeFromNim(text(p.mute)) };
}

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
      // NIM keeps recalls (deleteMsg) and one-way deletes (deleteMsgSelf) apart, ours in one
      // category: replayed from the older of the two that the client has (its recall timetag
      // stays 0 until a recall reached it, which for us would mean a new device).
      const held = [named.deleteMsg, named.deleteMsgSelf]
        .map((value) => int(value))
        .filter((value): value is number => typeof value === 'number' && value > 0);
      if (held.length > 0) timetags.deleteMsg = Math.min(...held);
      return { timetags };
    },
    // NIM's syncDone carries one timetag: the newest of ours.
    reply: (p) => [Math.max(0, ...Object.values(p.timetags))],
  },
  // Messages at sync: one packet per conversation (splitByConversation), super teams' as NIM's
  // syncSuperTeamRoamingMsgs (4_17).
  syncOfflineMsgs: {
    split: splitByConversation,
    nimId: (p) => (allSuper(p.msgs) ? { sid: 4, cid: 17 } : { sid: 4, cid: 4 }),
    push: (p) => [msgs(p.msgs)],
  },
  // NIM learns a session's read ack at sync as syncSessionAck (4_14): p2p acks by account, team
  // acks by team id; super teams' as syncSuperTeamSessionAck (4_20). The SDK counts unread
  // messages after them.
  syncSessions: {
    split: splitBySuperTeam('sessions'),
    nimId: (p) => (allSuper(p.sessions) ? { sid: 4, cid: 20 } : { sid: 4, cid: 14 }),
    push: (p) => {
      const acks = {
        p2p: {} as Record<string, number>,
        team: {} as Record<string, number>,
        superTeam: {} as Record<string, number>,
      };
      for (const session of p.sessions) acks[session.scene][session.to] = session.ack;
      const newest = Math.max(0, ...p.sessions.map((s) => s.updateTime));
      return allSuper(p.sessions) ? [acks.superTeam, newest] : [acks.p2p, acks.team, newest];
    },
  },
  // resetSessionUnread: 7_16 `[scene, to, timetag]`, super teams 21_25 `[teamId, timetag]`.
  markSessionAck: {
    nimIds: [COMMANDS.markSessionAck, ...superTeamId(25)],
    request: (q, id) => {
      if (id.sid === SUPER_TEAM_SID) {
        const p = positional(q, ['to', 'timetag']);
        return { scene: 'superTeam', to: text(p.to), timetag: int(text(p.timetag)) };
      }
      const p = positional(q, ['scene', 'to', 'timetag']);
      return { scene: sceneOf(text(p.scene)), to: text(p.to), timetag: int(text(p.timetag)) };
    },
  },
  // Another device of the account read a session: NIM's syncMarkSessionAck (7_116), for a super
  // team syncMarkSuperTeamSessionAck (21_125).
  sessionAck: {
    nimId: (p) => sessionAckOf(sceneOfSessionId(p.ack.sessionId), '', 0).id,
    push: (p) => {
      const scene = sceneOfSessionId(p.ack.sessionId);
      return sessionAckOf(scene, p.ack.sessionId.slice(scene.length + 1), p.ack.ack).r;
    },
  },
  syncRoamingMsgs: {
    split: splitByConversation,
    nimId: (p) => (allSuper(p.msgs) ? { sid: 4, cid: 17 } : { sid: 4, cid: 9 }),
    push: (p) => [msgs(p.msgs)],
  },
  getServerTime: { reply: (p) => [p.time] },
  // NIM's batchMarkRead (`[sid, cid, ids]`) carries signalingMarkMsgRead here, and the
  // acknowledgement of broadcasts: NIM's SDK names every broadcast it gets, live or synced, by its
  // broadcastId under NIM's 7_17 (our broadcastMsg push, 7_29). NIM's SDK also sends it for every
  // message it receives (autoMarkRead: no offline copy is kept for it), where ours would move the
  // session's read mark: not carried (403; NIM's SDK reads no answer).
  batchMarkRead: {
    request: (q) => {
      const p = positional(q, ['sid', 'cid', 'ids']);
      const sid = int(text(p.sid));
      const cid = int(text(p.cid));
      const ids = texts(p.ids);
      if (sid === 7 && cid === 17)
        return { sid: COMMANDS.broadcastMsg.sid, cid: COMMANDS.broadcastMsg.cid, ids };
      if (sid !== COMMANDS.signalingNotify.sid || cid !== COMMANDS.signalingNotify.cid)
        throw new NimNotCarried();
      return { sid, cid, ids };
    },
  },
  getNosCdnHost: { reply: (p) => [toTags('nosConfig', p)] },
  sendMsg: {
    nimIds: [COMMANDS.sendMsg, { sid: 8, cid: 2 }, ...superTeamId(2)],
    request: (q, id) => {
      const scene = sceneOfService(id);
      return { msg: outgoingFromNim(first(q), scene === 'p2p' ? undefined : scene) };
    },
    reply: (p) => [msgToNim(p.msg)],
    // The server takes a sender to have read its conversation up to its own message (the
    // session's ack moves); NIM's SDK learns it as a read mark of that session, else it would
    // still count the messages before as unread.
    after: (p) => [sessionAckOf(p.msg.scene, p.msg.to, p.msg.time)],
  },
  // A message the account itself sent from another device is NIM's syncSendMsg (7_101, teams
  // 8_102, super teams 21_102), else NIM's msg, teamMsg or superTeamMsg.
  msg: {
    nimId: (p, viewer) => nimMsgId(p.msg, viewer),
    push: (p) => [msgToNim(p.msg)],
  },
  getHistoryMsgs: {
    nimIds: [COMMANDS.getHistoryMsgs, { sid: 8, cid: 23 }, ...superTeamId(14)],
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
  // Super-team recalls travel on NIM's super-team service: deleteSuperTeamMsg (21_17), live
  // onSuperTeamMsgDelete (21_18), at sync syncDeleteSuperTeamMsgOfflineRoaming (4_19).
  deleteMsg: {
    nimIds: [COMMANDS.deleteMsg, ...superTeamId(17)],
    request: (q) => recallFromNim(first(q)),
  },
  msgDeleted: {
    nimId: (p) =>
      p.deleted.scene === 'superTeam' ? { sid: SUPER_TEAM_SID, cid: 18 } : { sid: 7, cid: 14 },
    push: (p) => [recallToNim(p.deleted)],
  },
  syncDeletedMsgs: {
    split: splitBySuperTeam('deleted'),
    nimId: (p) => (allSuper(p.deleted) ? { sid: 4, cid: 19 } : { sid: 7, cid: 15 }),
    push: (p) => [p.deleted.map(recallToNim), Math.max(0, ...p.deleted.map((d) => d.deletedAt)), 1],
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
  // Custom system messages; a super team's travel on NIM's super-team service (21_16 sent,
  // 21_19 received).
  sendCustomSysMsg: {
    nimIds: [COMMANDS.sendCustomSysMsg, ...superTeamId(16)],
    request: (q) => ({ sysMsg: customSysMsgFromNim(fromTags('sysMsg', first(q))) }),
  },
  customSysMsg: {
    nimId: (p) =>
      p.sysMsg.scene === 'superTeam' ? { sid: SUPER_TEAM_SID, cid: 19 } : { sid: 7, cid: 3 },
    push: (p) => [customSysMsgToNim(p.sysMsg)],
  },
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
    reply: (p) => [
      p.members[0]?.teamId ?? '',
      p.members.map((m) => memberToNim(m)),
      newestOf(p.members),
    ],
  },
  syncTeams: {
    nimId: () => ({ sid: 8, cid: 109 }),
    push: (p) => [newestOf(p.teams), p.teams.map(teamToNim)],
  },
  syncMyTeamMembers: {
    nimId: () => ({ sid: 8, cid: 126 }),
    push: (p) => [p.members.map((m) => memberToNim(m)), newestOf(p.members)],
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
  // A member's own settings (nick, notifications as `bits`, custom) and an owner's or manager's
  // changes to others: nick, mute; the team's mute (NIM's muteTeam, 8_32: ours is 8_31).
  updateInfoInTeam: {
    request: ownMemberInfo('teamMember'),
    reply: (p) => [memberToNim(p.member)],
  },
  updateNickInTeam: { request: nickOfMember('teamMember') },
  updateMuteStateInTeam: { request: teamAccountMute },
  muteTeamAll: { nimIds: [{ sid: 8, cid: 32 }], request: teamMute },
  getMyTeamMembers: {
    request: (q) => ({ teamIds: texts(first(q)) }),
    reply: (p) => [p.members.map((m) => memberToNim(m))],
  },
  getMutedTeamMembers: {
    request: (q) => ({ teamId: text(first(q)) }),
    reply: (p) => [p.members[0]?.teamId ?? '', p.members.map((m) => memberToNim(m))],
  },
  // Super teams: NIM's web SDK has no command to create or dismiss one (its server API does);
  // their commands carry NIM's own ids in service 21, their members NIM's superTeamMember map.
  getSuperTeam: {
    nimIds: superTeamId(9),
    request: (q) => ({ teamId: text(first(q)) }),
    reply: (p) => [teamToNim(p.team)],
  },
  getSuperTeams: { nimIds: superTeamId(12), reply: (p) => [p.teams.map(teamToNim)] },
  // NIM's getSuperTeamMembers (21_13) answers a timetag after its data: syncSuperTeamMembers
  // (21_113, the whole list) under the request's serial.
  getSuperTeamMembers: {
    nimIds: superTeamId(13),
    request: (q) => ({ teamId: text(first(q)) }),
    before: (p) => [
      {
        id: { sid: SUPER_TEAM_SID, cid: 113 },
        r: [p.members[0]?.teamId ?? '', superMembers(p.members), true, newestOf(p.members)],
      },
    ],
    reply: (p) => [newestOf(p.members)],
  },
  // A page of members by join time (21_15: `[teamId, joinTime, limit, reverse]`), and some
  // accounts' records (21_33: NIM names each `<teamId>|<account>`).
  getSuperTeamMembersByJoinTime: {
    nimIds: superTeamId(15),
    request: (q) => {
      const p = positional(q, ['teamId', 'joinTime', 'limit', 'reverse']);
      return {
        teamId: text(p.teamId),
        joinTime: int(text(p.joinTime)),
        limit: int(text(p.limit)),
        reverse: bool(text(p.reverse)),
      };
    },
    reply: (p) => [superMembers(p.members)],
  },
  getSuperTeamMembersByAccounts: {
    nimIds: superTeamId(33),
    request: (q) => membersByIdsFromNim(first(q)),
    reply: (p) => [superMembers(p.members)],
  },
  syncSuperTeams: {
    nimId: () => ({ sid: SUPER_TEAM_SID, cid: 109 }),
    push: (p) => [p.teams.map(teamToNim)],
  },
  syncMySuperTeamMembers: {
    nimId: () => ({ sid: SUPER_TEAM_SID, cid: 111 }),
    push: (p) => [superMembers(p.members)],
  },
  updateSuperTeamInfo: {
    nimIds: superTeamId(8),
    request: (q) => {
      const { teamId, ...fields } = teamFromNim(first(q));
      return { teamId, ...fields };
    },
    reply: (p) => [p.team.updateTime],
  },
  addSuperTeamMembers: {
    nimIds: superTeamId(5),
    request: (q) => {
      const p = positional(q, ['teamId', 'accounts', 'ps']);
      return { teamId: text(p.teamId), accounts: p.accounts, ps: text(p.ps) };
    },
    reply: (p) => [p.failedAccounts],
  },
  removeSuperTeamMembers: { nimIds: superTeamId(6), request: teamAndAccounts },
  leaveSuperTeam: { nimIds: superTeamId(7), request: (q) => ({ teamId: text(first(q)) }) },
  addSuperTeamManagers: { nimIds: superTeamId(26), request: teamAndAccounts },
  removeSuperTeamManagers: { nimIds: superTeamId(27), request: teamAndAccounts },
  transferSuperTeam: {
    nimIds: superTeamId(31),
    request: (q) => {
      const p = positional(q, ['teamId', 'account', 'leave']);
      return { teamId: text(p.teamId), account: text(p.account), leave: bool(text(p.leave)) };
    },
  },
  applySuperTeam: {
    nimIds: superTeamId(20),
    request: (q) => {
      const p = positional(q, ['teamId', 'ps']);
      return { teamId: text(p.teamId), ps: text(p.ps) };
    },
    reply: () => [{}],
  },
  passSuperTeamApply: { nimIds: superTeamId(21), request: teamAndFrom },
  rejectSuperTeamApply: { nimIds: superTeamId(22), request: teamAndFrom },
  acceptSuperTeamInvite: { nimIds: superTeamId(23), request: teamAndFrom, reply: () => [{}] },
  rejectSuperTeamInvite: { nimIds: superTeamId(24), request: teamAndFrom },
  updateInfoInSuperTeam: {
    nimIds: superTeamId(10),
    request: ownMemberInfo('superTeamMember'),
    reply: (p) => [memberToNim(p.member, 'superTeamMember')],
  },
  updateNickInSuperTeam: { nimIds: superTeamId(30), request: nickOfMember('superTeamMember') },
  updateSuperTeamMute: { nimIds: superTeamId(28), request: teamMute },
  updateSuperTeamMembersMute: {
    nimIds: superTeamId(29),
    request: (q) => {
      const p = positional(q, ['teamId', 'accounts', 'mute']);
      return { teamId: text(p.teamId), accounts: p.accounts, mute: bool(text(p.mute)) };
    },
  },
  getMySuperTeamMembers: {
    nimIds: superTeamId(11),
    request: (q) => ({ teamIds: texts(first(q)) }),
    reply: (p) => [superMembers(p.members)],
  },
  getMutedSuperTeamMembers: {
    nimIds: superTeamId(34),
    request: (q) => ({ teamId: text(first(q)) }),
    reply: (p) => [superMembers(p.members)],
  },
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
  ...SIGNAL_DIALECT,
  ...FILES_DIALECT,
  ...CHATROOM_DIALECT,
  ...DELETES_DIALECT,
  // Broadcasts: NIM's 7_17 (our 7_29; our 7_17 is msgDeletedSelf) and its sync's 4_16.
  broadcastMsg: {
    nimId: () => ({ sid: 7, cid: 17 }),
    push: (p) => [broadcastToNim(p.broadcastMsg)],
  },
  syncBroadcastMsgs: { push: (p) => [p.broadcastMsgs.map(broadcastToNim)] },
} satisfies NimDialect;

function broadcastToNim(msg: BroadcastMsg) {
  return toTags('broadcastMsg', {
    broadcastId: msg.broadcastId,
    fromAccid: msg.fromAccid,
    timestamp: msg.time,
    body: msg.body,
  });
}

/** The commands a NIM client can use on this server. */
export const NIM_COMMANDS = Object.keys(NIM_DIALECT) as CommandName[];

const keyOf = (link: Link, { sid, cid }: NimId) => `${link}:${sid}_${cid}`;
const byNimId = new Map<string, CommandName>();
for (const name of NIM_COMMANDS) {
  // A client never sends one of our pushes (NIM may use the same ids for a request: 8_37, 21_38).
  if (COMMANDS[name].kind === 'push') continue;
  const entry = NIM_DIALECT[name as keyof typeof NIM_DIALECT] as { nimIds?: readonly NimId[] };
  for (const id of entry.nimIds ?? [COMMANDS[name]])
    byNimId.set(keyOf(COMMANDS[name].link, id), name);
}

/**
 * Our command for the ids a NIM client sent on a link, when the dialect carries it. The link's
 * own heartbeat (1_2) is the same on both links (the connection answers it before any lookup).
 */
export function commandForNim(id: NimId, link: Link = 'im'): CommandName | undefined {
  const found = byNimId.get(keyOf(link, id));
  if (found || link === 'im') return found;
  return id.sid === COMMANDS.heartbeat.sid && id.cid === COMMANDS.heartbeat.cid
    ? 'heartbeat'
    : undefined;
}
