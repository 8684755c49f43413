// Teams between NIM's wire and ours. NIM numbers a team's type and modes (normal 0, advanced 1;
// joinMode noVerify 0, needVerify 1, rejectAll 2; beInviteMode needVerify 0, noVerify 1; the
// other modes manager 0, all 1; muteType none 0, normal 1, all 3) and a member's type (normal 0,
// owner 1, manager 2); a team notification message carries `{id, data: {tinfo, ids, id}}`.
import type { ReplyOf } from '../commands/index.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { int } from './values.ts';

type Team = ReplyOf<'getTeam'>['team'];
type TeamMember = ReplyOf<'getTeamMembers'>['members'][number];

const NUMBERS = {
  type: { normal: 0, advanced: 1 },
  joinMode: { noVerify: 0, needVerify: 1, rejectAll: 2 },
  beInviteMode: { needVerify: 0, noVerify: 1 },
  inviteMode: { manager: 0, all: 1 },
  updateTeamMode: { manager: 0, all: 1 },
  updateCustomMode: { manager: 0, all: 1 },
  muteType: { none: 0, normal: 1, all: 3 },
} as const satisfies Record<string, Record<string, number>>;
type Coded = keyof typeof NUMBERS;
const CODED = Object.keys(NUMBERS) as Coded[];
const MEMBER_TYPES = { normal: 0, owner: 1, manager: 2 } as const;

const nameOf = (codes: Record<string, number>, value: string | undefined) =>
  value === undefined
    ? undefined
    : (Object.keys(codes).find((name) => String(codes[name]) === value) ?? value);

/** Our team (whole or a notification's changed fields) as NIM's property map. */
export function teamToNim(team: Partial<Team> & { teamId: string }): NimProperty {
  const fields: Record<string, unknown> = { ...team };
  for (const key of CODED) {
    const value = team[key];
    if (value !== undefined) fields[key] = (NUMBERS[key] as Record<string, number>)[value];
  }
  return toTags('team', fields);
}

/** A team property map NIM's SDK sends (createTeam, updateTeam) as our named fields. */
export function teamFromNim(property: unknown): Record<string, unknown> {
  const f = fromTags('team', property);
  const fields: Record<string, unknown> = { ...f };
  for (const key of CODED) if (f[key] !== undefined) fields[key] = nameOf(NUMBERS[key], f[key]);
  if (f.level !== undefined) fields.level = int(f.level);
  return fields;
}

/** A team's (or, as `superTeamMember`, a super team's) member as NIM's property map. */
export function memberToNim(
  member: TeamMember,
  entity: 'teamMember' | 'superTeamMember' = 'teamMember',
): NimProperty {
  return toTags(entity, {
    ...member,
    type: MEMBER_TYPES[member.type as keyof typeof MEMBER_TYPES],
    // NIM keeps the notification setting in `bits` (bit 1: muted), which its SDK reads back into
    // muteTeam and muteNotiType; ours keeps both in step.
    bits: member.muteNotiType,
  });
}

/**
 * A member property map NIM's SDK sends (updateInfoInTeam, updateNickInTeam and their super-team
 * twins) as our named fields: `bits` is the notification setting.
 */
export function memberFromNim(
  property: unknown,
  entity: 'teamMember' | 'superTeamMember' = 'teamMember',
): Record<string, unknown> {
  const f = fromTags(entity, property);
  return {
    teamId: f.teamId,
    account: f.account,
    nickInTeam: f.nickInTeam,
    custom: f.custom,
    muteNotiType: int(f.bits),
  };
}

/** NIM's team mute number (0 none, 1 normal, 3 all) as our mute type. */
export const muteTypeFromNim = (value: string | undefined) => nameOf(NUMBERS.muteType, value);

/** Our super-team notifications are 401 + the team notification's id. */
const SUPER_TEAM_NOTIFICATION_BASE = 401;
/**
 * NIM numbers super-team notifications in its own order (405 dismiss, 406 transfer, 409 member
 * mutes, 410 an application passed, 411 an invitation accepted), by our team notification ids.
 */
const NIM_SUPER_TEAM_NOTIFICATIONS = [401, 402, 403, 404, 405, 410, 406, 407, 408, 411, 409];
const superTeamNotificationId = (id: number) =>
  NIM_SUPER_TEAM_NOTIFICATIONS[id - SUPER_TEAM_NOTIFICATION_BASE] ?? id;

/**
 * Our team notification's attach (`{type, id, from, teamId, accounts?, account?, team?, mute?}`)
 * as NIM's (`{id, data: {tinfo, ids?, id?, mute?}}`), which its SDK reads into the notification
 * message's attach and the team events.
 */
export function teamNotificationToNim(attach: string): string {
  let ours: Record<string, unknown>;
  try {
    ours = JSON.parse(attach) as Record<string, unknown>;
  } catch {
    return attach;
  }
  if (typeof ours.id !== 'number' || typeof ours.teamId !== 'string') return attach;
  const team = (ours.team ?? {}) as Partial<Team>;
  const id = ours.id >= SUPER_TEAM_NOTIFICATION_BASE ? superTeamNotificationId(ours.id) : ours.id;
  const data: Record<string, unknown> = { tinfo: teamToNim({ ...team, teamId: ours.teamId }) };
  if (Array.isArray(ours.accounts)) data.ids = ours.accounts;
  if (typeof ours.account === 'string') data.id = ours.account;
  if (typeof ours.mute === 'boolean') data.mute = ours.mute ? 1 : 0;
  return JSON.stringify({ id, data });
}
