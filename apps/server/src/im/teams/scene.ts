// The team scene for messaging: members send and read; a muted team or member may not send
// (812). Sessions are one row per member, which is fine for teams (a few thousand members at
// most); super teams will compute member state on read instead.
import type { SceneResolver } from '../messaging/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { MemberRow, TeamRow, TeamStore } from './team-store.ts';
import type { TeamKind } from './store/membership-conditions.ts';

// The SQL joins to memberships live in the teams store; sync and recalls import them from here.
export {
  isOwnMembershipOf,
  isTeamConvKeyOfMember,
  type TeamKind,
} from './store/membership-conditions.ts';

export const teamConvKey = (teamId: string | number, kind: TeamKind = 'team') =>
  `${kind}:${teamId}`;
/** The fan-out group of a super team (gateway groups.ts). */
export const superTeamGroup = (appKey: string, teamId: string | number) =>
  `${appKey}:superTeam:${teamId}`;

/**
 * A member may speak in the team (messages and custom system messages alike): not muted itself,
 * and the team not muted for it (muteType normal lets the owner and managers speak, all only the
 * owner); 812 otherwise.
 */
export function requireMaySpeak(team: TeamRow, me: MemberRow): void {
  const speaksDuringMute =
    (team.mute_type === 'normal' && me.type !== 'normal') || me.type === 'owner';
  if (team.mute_type !== 'none' && !speaksDuringMute)
    throw new CommandError(812, 'the team is muted');
  if (me.mute === 1) throw new CommandError(812, 'you are muted in this team');
}

export function teamResolver(store: TeamStore, kind: TeamKind = 'team'): SceneResolver {
  async function conversation(appKey: string, accid: string, teamId: string, sending: boolean) {
    const team = await store.requireTeam(appKey, teamId, kind);
    const me = await store.requireMember(appKey, team, accid);
    if (sending) requireMaySpeak(team, me);
    if (kind === 'superTeam') {
      // No per-member work: one publish to the group, only the sender's session row is written,
      // and members' unread counts are computed when they read.
      return {
        scene: 'superTeam' as const,
        target: String(team.id),
        readableFrom: Number(me.join_time),
        convKey: teamConvKey(team.id, kind),
        sessions: [{ accid, sessionId: `superTeam-${team.id}`, peer: String(team.id) }],
        audience: [],
        group: superTeamGroup(appKey, team.id),
      };
    }
    const members = await store.members(appKey, team.id);
    return {
      scene: 'team' as const,
      target: String(team.id),
      // Only what was said since this membership began (docs/im-teams.md): a re-added member's
      // join_time is the re-adding, so what was said while it was out stays hidden too.
      readableFrom: Number(me.join_time),
      convKey: teamConvKey(team.id),
      sessions: [me, ...members.filter((m) => m.accid !== accid)].map((m) => ({
        accid: m.accid,
        sessionId: `team-${team.id}`,
        peer: String(team.id),
      })),
      audience: members.map((m) => ({ appKey, accid: m.accid })),
    };
  }
  return {
    forSending: (appKey, from, to) => conversation(appKey, from, to, true),
    forReading: (appKey, accid, to) => conversation(appKey, accid, to, false),
  };
}
