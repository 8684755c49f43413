// Custom system messages to a team or a super team (document 2: custom p2p, team, superTeam).
// The sender must be a member that may speak (a muted team or member gets 812, as for messages).
// By default they reach members' online devices only; a team's may also be stored for every
// member (sendToOnlineUsersOnly false) and delivered at the next sync, addressed to the team. A
// super team keeps no per-member state, so its are online only. Each one costs a push (and a
// stored row) per member, so every account has a budget of member deliveries per second (416
// past it): a member of a 2,000-member team cannot turn 100 commands a second into 200,000 rows.
import type { CustomSysMsg } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import { FrequencyControl } from '../gateway/index.ts';
import type { CustomSysMsgSender } from '../people/index.ts';
import { onlineOnlyId, sendSysMsg } from '../people/index.ts';
import type { TeamDeps } from './ops.ts';
import { requireMaySpeak, superTeamGroup, type TeamKind } from './scene.ts';

/** How long an account that spent its fan-out budget waits (the reply's 416 says so). */
const FANOUT_BLOCK_SECONDS = 1;

/** Sends custom system messages to teams and super teams (registered with the people service). */
export function teamCustomSysMsgSender(
  deps: TeamDeps,
  fanoutPerSecond: number,
): CustomSysMsgSender {
  const { db, store, gateway, now } = deps;
  const fanout = new FrequencyControl(
    { perSecond: fanoutPerSecond, blockSeconds: FANOUT_BLOCK_SECONDS },
    now,
  );
  return async (context, params) => {
    const sysMsg: CustomSysMsg = params.sysMsg;
    const session = context.session;
    const kind = sysMsg.scene as TeamKind;
    const team = await store.requireTeam(session.appKey, sysMsg.to, kind);
    requireMaySpeak(team, await store.requireMember(session.appKey, team, session.accid));
    // A super team's is one publish to its group; a team's reaches each other member.
    const deliveries = kind === 'superTeam' ? 1 : Math.max(1, team.member_num - 1);
    const blocked = fanout.hit(`${session.appKey}\u0000${session.accid}`, deliveries);
    if (blocked)
      throw new CommandError(
        416,
        `custom system messages to teams reach at most ${fanoutPerSecond} members a second; wait ${blocked} s`,
      );
    const teamId = String(team.id);
    const time = now();
    const type = kind === 'superTeam' ? 'customSuperTeam' : 'customTeam';
    if (sysMsg.sendToOnlineUsersOnly === false) {
      if (kind === 'superTeam')
        throw new CommandError(414, 'super-team custom system messages reach online members only');
      const members = (await store.members(session.appKey, team.id)).filter(
        (m) => m.accid !== session.accid,
      );
      let first: string | undefined;
      for (const member of members) {
        const stored = await sendSysMsg(
          db,
          gateway,
          {
            appKey: session.appKey,
            type,
            from: session.accid,
            to: member.accid,
            target: teamId,
            attach: sysMsg.content,
            state: 'passed',
          },
          time,
        );
        first ??= stored.idServer;
      }
      return { idServer: first ?? onlineOnlyId(time), time };
    }
    const idServer = onlineOnlyId(time);
    const delivered = {
      sysMsg: { ...sysMsg, to: teamId, from: session.accid, time, idServer, type },
    };
    if (kind === 'superTeam') {
      // One publish to the team's fan-out group; the sender's SDK skips its own.
      await gateway.pushToGroup(superTeamGroup(session.appKey, team.id), 'customSysMsg', delivered);
    } else {
      const others = (await store.members(session.appKey, team.id)).filter(
        (m) => m.accid !== session.accid,
      );
      await gateway.pushToAccounts(
        others.map((m) => ({ appKey: session.appKey, accid: m.accid })),
        'customSysMsg',
        delivered,
      );
    }
    return { idServer, time };
  };
}
