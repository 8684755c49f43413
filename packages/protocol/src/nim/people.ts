// People between NIM's wire and ours: users (gender as a number), friends (`flag` "1" while the
// friendship stands) and the system messages of friend requests and custom notifications.
import type { PushParams, ReplyOf } from '../commands/index.ts';
import { GENDERS } from '../commands/shapes/people.ts';
import { toTags, type NimProperty } from './tags.ts';

type User = ReplyOf<'getUsers'>['users'][number];
type Friend = ReplyOf<'getFriends'>['friends'][number];
type SysMsg = PushParams<'sysMsg'>['sysMsg'];
type CustomSysMsg = PushParams<'customSysMsg'>['sysMsg'];

export function userToNim(user: User): NimProperty {
  return toTags('user', { ...user, gender: GENDERS.indexOf(user.gender) });
}

export function friendToNim(friend: Friend): NimProperty {
  return toTags('friend', { ...friend, flag: friend.valid ? 1 : 0 });
}

/**
 * NIM's numbers of the system messages this dialect carries: team requests and answers 0 to 3
 * (super teams' 15 to 18), a friend request type 5 whose attach names the kind (`vt`), a deleted
 * friendship 6.
 */
const TEAM_KINDS = {
  applyTeam: 0,
  rejectTeamApply: 1,
  teamInvite: 2,
  rejectTeamInvite: 3,
  applySuperTeam: 15,
  rejectSuperTeamApply: 16,
  superTeamInvite: 17,
  rejectSuperTeamInvite: 18,
};
const FRIEND_KINDS = { addFriend: 1, applyFriend: 2, passFriendApply: 3, rejectFriendApply: 4 };

/** Our system message as NIM's, or undefined when the dialect cannot express it yet. */
export function sysMsgToNim(sysMsg: SysMsg): NimProperty | undefined {
  const common = {
    time: sysMsg.time,
    from: sysMsg.from,
    to: sysMsg.to,
    ps: sysMsg.ps,
    idServer: sysMsg.idServer,
  };
  if (sysMsg.type in FRIEND_KINDS) {
    const vt = FRIEND_KINDS[sysMsg.type as keyof typeof FRIEND_KINDS];
    return toTags('sysMsg', { ...common, type: 5, attach: JSON.stringify({ vt }) });
  }
  if (sysMsg.type === 'deleteFriend') return toTags('sysMsg', { ...common, type: 6 });
  if (sysMsg.type in TEAM_KINDS) {
    // Ours names the team in its attach (`{teamId, teamName}`); NIM's carries it as `tinfo`.
    let team: { teamId?: string; teamName?: string } = {};
    try {
      team = JSON.parse(sysMsg.attach ?? '{}') as typeof team;
    } catch {
      // Left without the team: the SDK still shows the request.
    }
    const tinfo = toTags('team', { teamId: team.teamId, name: team.teamName });
    // NIM addresses a team's system messages to the team (answers name it as `to`).
    return toTags('sysMsg', {
      ...common,
      to: team.teamId ?? sysMsg.to,
      type: TEAM_KINDS[sysMsg.type as keyof typeof TEAM_KINDS],
      attach: JSON.stringify({ tinfo }),
    });
  }
  return undefined;
}

/** NIM's custom system message types by scene. */
const CUSTOM_TYPES = { p2p: 100, team: 101, superTeam: 103 } as const;

/**
 * A custom system message NIM's SDK sends (sendCustomSysMsg, 7_7) as ours. NIM's wire inverts
 * `sendToOnlineUsersOnly`: 0 (or nothing) means online only, 1 also offline.
 */
export function customSysMsgFromNim(f: Record<string, string>): Record<string, unknown> {
  const scene = (Object.keys(CUSTOM_TYPES) as (keyof typeof CUSTOM_TYPES)[]).find(
    (name) => String(CUSTOM_TYPES[name]) === f.type,
  );
  const flag = (value: string | undefined) =>
    value === undefined ? undefined : value === '1' ? true : value === '0' ? false : value;
  return {
    scene,
    to: f.to,
    content: f.attach,
    apnsText: f.apnsText,
    pushPayload: f.pushPayload,
    sendToOnlineUsersOnly: f.sendToOnlineUsersOnly !== '1',
    cc: flag(f.cc),
    isPushable: flag(f.isPushable),
  };
}

export function customSysMsgToNim(sysMsg: CustomSysMsg): NimProperty {
  return toTags('sysMsg', {
    time: sysMsg.time,
    type: CUSTOM_TYPES[sysMsg.scene],
    from: sysMsg.from,
    to: sysMsg.to,
    attach: sysMsg.content,
    idServer: sysMsg.idServer,
    apnsText: sysMsg.apnsText,
    pushPayload: sysMsg.pushPayload,
    sendToOnlineUsersOnly: sysMsg.sendToOnlineUsersOnly ? 0 : 1,
    cc: sysMsg.cc,
    isPushable: sysMsg.isPushable,
  });
}
