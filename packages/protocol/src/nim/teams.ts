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

export function memberToNim(member: TeamMember): NimProperty {
  return toTags('teamMember', {
    ...member,
    type: MEMBER_TYPES[member.type as keyof typeof MEMBER_TYPES],
  });
}

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
  const data: Record<string, unknown> = { tinfo: teamToNim({ ...team, teamId: ours.teamId }) };
  if (Array.isArray(ours.accounts)) data.ids = ours.accounts;
  if (typeof ours.account === 'string') data.id = ours.account;
  if (typeof ours.mute === 'boolean') data.mute = ours.mute ? 1 : 0;
  return JSON.stringify({ id: ours.id, data });
}
