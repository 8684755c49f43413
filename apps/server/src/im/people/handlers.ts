// Commands of the user (3), friend (12) and system-message parts of document 2.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { CommandError, type Gateway, type HandlerTable } from '../gateway/index.ts';
import { type FRIEND_REQUEST, type PeopleActions, toFriend } from './actions.ts';
import { currentFriends } from './friend-store.ts';
import { activeRelations, hasRelation } from './relation-store.ts';
import { markSysMsgsRead, onlineOnlyId, sendSysMsg } from './sysmsgs.ts';
import { getUsers } from './users.ts';
export { toFriend } from './actions.ts';

/** Sends a custom system message of one scene (teams register theirs). */
export type CustomSysMsgSender = NonNullable<HandlerTable['sendCustomSysMsg']>;

export interface PeopleDeps {
  db: Kysely<Database>;
  gateway: Gateway;
  /** The people rules, shared with the server API. */
  actions: PeopleActions;
  /** Custom system messages of the other scenes than p2p, by scene. */
  customSysMsgScenes: Map<string, CustomSysMsgSender>;
}

export function peopleHandlers({
  db,
  gateway,
  actions,
  customSysMsgScenes,
}: PeopleDeps): HandlerTable {
  const now = gateway.now;

  return {
    async getUsers({ session }, { accounts }) {
      return {
        users: await getUsers(db, session.appKey, accounts, session.accid),
      };
    },

    async updateMyInfo({ session, connection }, { user }) {
      // The session's own nick is set too (setNick reaches it through the bus).
      const updated = await actions.updateProfile(session, user, connection.id);
      if (user.nick !== undefined) session.nick = user.nick;
      return { user: updated };
    },

    async markInBlacklist({ session, connection }, { account, isAdd }) {
      await actions.markRelation(session, account, 'blacklist', isAdd, connection.id);
    },

    async markInMutelist({ session, connection }, { account, isAdd }) {
      await actions.markRelation(session, account, 'mutelist', isAdd, connection.id);
    },

    async getRelations({ session }) {
      const rows = await activeRelations(db, session.appKey, session.accid);
      return {
        blacklist: rows.filter((r) => r.kind === 'blacklist').map((r) => r.target),
        mutelist: rows.filter((r) => r.kind === 'mutelist').map((r) => r.target),
      };
    },

    async friendRequest({ session }, { account, type, ps, idServer }) {
      await actions.friendRequest(
        session,
        account,
        type as keyof typeof FRIEND_REQUEST,
        ps,
        idServer,
      );
    },

    async deleteFriend({ session }, { account, delAlias }) {
      await actions.deleteFriend(session, account, delAlias === true);
    },

    async updateFriend({ session, connection }, { account, alias, custom }) {
      await actions.updateFriend(session, account, { alias, custom }, connection.id);
    },

    async getFriends({ session }) {
      return { friends: (await currentFriends(db, session.appKey, session.accid)).map(toFriend) };
    },

    async markRead({ session, connection }, { ids }) {
      await markSysMsgsRead(db, gateway, session, connection.id, ids, now());
    },

    async sendCustomSysMsg(context, params) {
      const { session } = context;
      const { sysMsg } = params;
      if (sysMsg.scene !== 'p2p') {
        // Team and super-team ones are the teams service's (teams/custom-sysmsgs.ts).
        const send = customSysMsgScenes.get(sysMsg.scene);
        if (!send)
          throw new CommandError(
            403,
            `Not_Support: ${sysMsg.scene} custom system messages are not supported by this server`,
            { name: 'Not_Support' },
          );
        return send(context, params);
      }
      const to = await actions.requireAccount(session.appKey, sysMsg.to);
      if (await hasRelation(db, session.appKey, to, session.accid, 'blacklist'))
        throw new CommandError(7101, 'the recipient has blacklisted the sender');
      const time = now();
      if (sysMsg.sendToOnlineUsersOnly === false) {
        // Kept for offline delivery as a stored system message (its content in attach).
        const stored = await sendSysMsg(
          db,
          gateway,
          {
            appKey: session.appKey,
            type: 'customP2p',
            from: session.accid,
            to,
            attach: sysMsg.content,
            state: 'passed',
          },
          time,
        );
        return { idServer: stored.idServer, time };
      }
      const idServer = onlineOnlyId(time);
      await gateway.pushToAccount({ appKey: session.appKey, accid: to }, 'customSysMsg', {
        sysMsg: { ...sysMsg, to, from: session.accid, time, idServer, type: 'customP2p' },
      });
      return { idServer, time };
    },
  };
}
