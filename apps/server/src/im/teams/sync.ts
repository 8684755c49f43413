// What teams stream during a client's sync: my teams (left and dismissed ones too, after a
// first sync), my member records, and the messages of my teams since the timetag.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { newest, pushInChunks } from '../gateway/index.ts';
import { messagesAfter, streamMessages } from '../messaging/index.ts';
import type { TeamKind } from './scene.ts';
import { toMember, toTeam } from './team-store.ts';
import {
  ownMembersChangedQuery,
  ownMembersChangedSince,
  teamMessagesOf,
  teamsChangedQuery,
  teamsChangedSince,
} from './team-sync-store.ts';

const NAMES = {
  team: {
    teams: 'teams',
    members: 'myTeamMembers',
    msgs: 'teamMsgs',
    teamsPush: 'syncTeams',
    membersPush: 'syncMyTeamMembers',
  },
  superTeam: {
    teams: 'superTeams',
    members: 'mySuperTeamMembers',
    msgs: 'superTeamMsgs',
    teamsPush: 'syncSuperTeams',
    membersPush: 'syncMySuperTeamMembers',
  },
} as const;

export function registerTeamSync(
  sources: SyncSources,
  db: Kysely<Database>,
  now: () => number,
  kind: TeamKind = 'team',
): void {
  const names = NAMES[kind];
  sources.register(
    names.teams,
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await teamsChangedSince(db, kind, appKey, accid, since);
      const teams = rows
        .map((row) => toTeam(row, row.memberValid === 1))
        .filter((team) => since > 0 || team.validToCurrentUser);
      pushInChunks(context, names.teamsPush, 'teams', teams);
      return {
        timetag: newest(
          since,
          rows.map((r) => Math.max(Number(r.updated_at), Number(r.memberUpdatedAt))),
        ),
      };
    },
    (p) => teamsChangedQuery(db, kind, p.appKey, p.accid, p.since),
  );

  sources.register(
    names.members,
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await ownMembersChangedSince(db, kind, appKey, accid, since);
      pushInChunks(context, names.membersPush, 'members', rows.map(toMember));
      return {
        timetag: newest(
          since,
          rows.map((r) => Number(r.updated_at)),
        ),
      };
    },
    (p) => ownMembersChangedQuery(db, kind, p.appKey, p.accid, p.since),
  );

  sources.register(
    names.msgs,
    async (context, since) => {
      const { appKey, accid } = context.session;
      // Paged by (time, id) and pushed by encoded size, roaming for a new device or an old timetag.
      return streamMessages(context, {
        query: teamMessagesOf(db, kind, appKey, accid),
        since,
        now: now(),
      });
    },
    (p) =>
      teamMessagesOf(db, kind, p.appKey, p.accid).where(
        'im_messages.time',
        '>',
        p.derived(messagesAfter),
      ),
  );
}
