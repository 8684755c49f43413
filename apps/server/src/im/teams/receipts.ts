// Team read receipts: members tell the server which team messages they have read (only those
// sent with needMsgReceipt, else 814); the sender learns the read and unread counts, and may ask
// who read.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { type Session, CommandError, type Gateway, type HandlerTable } from '../gateway/index.ts';
import { addReceipt, findLiveMessage, readersOf } from './receipt-store.ts';
import { teamConvKey } from './scene.ts';
import type { TeamStore } from './team-store.ts';

export function receiptHandlers({
  db,
  store,
  gateway,
  now,
}: {
  db: Kysely<Database>;
  store: TeamStore;
  gateway: Gateway;
  now: () => number;
}): HandlerTable {
  /** A team message of a team I am in, from my join on (as every team read), that asked for receipts. */
  async function receiptMessage(session: Session, teamId: string, idServer: string) {
    const team = await store.requireTeam(session.appKey, teamId, 'team');
    const me = await store.requireMember(session.appKey, team, session.accid);
    const row = /^\d{1,15}$/.test(idServer)
      ? await findLiveMessage(db, session.appKey, Number(idServer))
      : undefined;
    if (!row || row.conv_key !== teamConvKey(team.id) || Number(row.time) < Number(me.join_time))
      throw new CommandError(404, 'message not found');
    if ((JSON.parse(row.body) as { needMsgReceipt?: boolean }).needMsgReceipt !== true)
      throw new CommandError(814, 'the message did not ask for read receipts');
    return { team, row };
  }

  async function counts(session: Session, teamId: number, messageId: number, sender: string) {
    const readers = await readersOf(db, session.appKey, messageId);
    const members = (await store.members(session.appKey, teamId))
      .map((m) => m.accid)
      .filter((a) => a !== sender);
    const read = new Set(readers);
    return {
      readAccounts: members.filter((a) => read.has(a)),
      unreadAccounts: members.filter((a) => !read.has(a)),
    };
  }

  return {
    async sendTeamMsgReceipt({ session }, { teamMsgReceipts }) {
      for (const ref of teamMsgReceipts) {
        const { team, row } = await receiptMessage(session, ref.teamId, ref.idServer);
        if (row.from_accid === session.accid) continue; // my own message: nothing to acknowledge
        await addReceipt(db, session.appKey, Number(row.id), session.accid, now());
        const { readAccounts, unreadAccounts } = await counts(
          session,
          team.id,
          Number(row.id),
          row.from_accid,
        );
        const reads = [
          {
            teamId: ref.teamId,
            idServer: ref.idServer,
            read: readAccounts.length,
            unread: unreadAccounts.length,
          },
        ];
        await gateway.pushToAccount(
          { appKey: session.appKey, accid: row.from_accid },
          'teamMsgReceipt',
          { reads },
        );
      }
    },

    async getTeamMsgReads({ session }, { teamMsgReceipts }) {
      const reads = [];
      for (const ref of teamMsgReceipts) {
        const { team, row } = await receiptMessage(session, ref.teamId, ref.idServer);
        const { readAccounts, unreadAccounts } = await counts(
          session,
          team.id,
          Number(row.id),
          row.from_accid,
        );
        reads.push({
          teamId: ref.teamId,
          idServer: ref.idServer,
          read: readAccounts.length,
          unread: unreadAccounts.length,
        });
      }
      return { reads };
    },

    async getTeamMsgReadAccounts({ session }, { teamMsgReceipt }) {
      const { team, row } = await receiptMessage(
        session,
        teamMsgReceipt.teamId,
        teamMsgReceipt.idServer,
      );
      return counts(session, team.id, Number(row.id), row.from_accid);
    },
  };
}
