// Commands of the user (3), friend (12) and system-message parts of document 2.
import type { Kysely } from 'kysely';
import { checkUserUpdate, type Friend } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { type Session, CommandError, type Gateway, type HandlerTable } from '../gateway/index.ts';
import { currentFriends, findFriend, setFriendship, updateFriendNotes } from './friend-store.ts';
import { storedAccountId, updateProfile } from './profile-store.ts';
import { activeRelations, hasRelation, setRelation } from './relation-store.ts';
import { pendingRequest, settleRequest } from './sysmsg-store.ts';
import { markSysMsgsRead, onlineOnlyId, sendSysMsg } from './sysmsgs.ts';
import { getUsers } from './users.ts';
import type { ImFriendTable } from './tables.ts';

/** Sends a custom system message of one scene (teams register theirs). */
export type CustomSysMsgSender = NonNullable<HandlerTable['sendCustomSysMsg']>;

export interface PeopleDeps {
  db: Kysely<Database>;
  gateway: Gateway;
  now: () => number;
  /** Custom system messages of the other scenes than p2p, by scene. */
  customSysMsgScenes: Map<string, CustomSysMsgSender>;
}

/** NIM's friendRequest types. */
const FRIEND_REQUEST = {
  1: 'addFriend',
  2: 'applyFriend',
  3: 'passFriendApply',
  4: 'rejectFriendApply',
} as const;

export function toFriend(row: ImFriendTable): Friend {
  return {
    account: row.friend,
    alias: row.alias,
    custom: row.custom,
    serverex: row.serverex,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    valid: row.valid === 1,
  };
}

export function peopleHandlers({ db, gateway, now, customSysMsgScenes }: PeopleDeps): HandlerTable {
  async function requireAccount(appKey: string, accid: string): Promise<string> {
    const stored = await storedAccountId(db, appKey, accid);
    if (!stored) throw new CommandError(404, `account ${accid} does not exist`);
    return stored;
  }

  async function friendRow(appKey: string, accid: string, friend: string) {
    return findFriend(db, appKey, accid, friend);
  }

  /** Makes (or unmakes) the friendship in both directions and tells every device of both. */
  async function befriend(
    session: Session,
    other: string,
    valid: boolean,
    action: 'addFriend' | 'passFriendApply' | 'deleteFriend',
    clearAlias = false,
  ) {
    const time = now();
    for (const [accid, friend] of [
      [session.accid, other],
      [other, session.accid],
    ] as const) {
      await setFriendship(db, session.appKey, accid, friend, { valid, clearAlias }, time);
      const row = await friendRow(session.appKey, accid, friend);
      await gateway.pushToAccount({ appKey: session.appKey, accid }, 'friendChanged', {
        action,
        friend: toFriend(row!),
      });
    }
  }

  return {
    async getUsers({ session }, { accounts }) {
      return {
        users: await getUsers(db, session.appKey, accounts, session.accid),
      };
    },

    async updateMyInfo({ session, connection }, { user }) {
      const problem = checkUserUpdate(user);
      if (problem) throw new CommandError(414, problem);
      const { avatar, ...rest } = user;
      const time = now();
      await updateProfile(
        db,
        session.appKey,
        session.accid,
        { ...rest, ...(avatar !== undefined && { icon: avatar }) },
        time,
      );
      if (user.nick !== undefined) session.nick = user.nick;
      const [updated] = await getUsers(db, session.appKey, [session.accid], session.accid);
      await gateway.pushToAccount(session, 'myInfoUpdated', { user: updated! }, connection.id);
      const friends = await currentFriends(db, session.appKey, session.accid);
      for (const { friend } of friends)
        await gateway.pushToAccount({ appKey: session.appKey, accid: friend }, 'userUpdated', {
          user: updated!,
        });
      return { user: updated! };
    },

    async markInBlacklist({ session, connection }, { account, isAdd }) {
      const target = await requireAccount(session.appKey, account);
      const time = now();
      await setRelation(db, session.appKey, session.accid, target, 'blacklist', isAdd, time);
      await gateway.pushToAccount(
        session,
        'relationChanged',
        { change: { account: target, kind: 'blacklist', isAdd, updateTime: time } },
        connection.id,
      );
    },

    async markInMutelist({ session, connection }, { account, isAdd }) {
      const target = await requireAccount(session.appKey, account);
      const time = now();
      await setRelation(db, session.appKey, session.accid, target, 'mutelist', isAdd, time);
      await gateway.pushToAccount(
        session,
        'relationChanged',
        { change: { account: target, kind: 'mutelist', isAdd, updateTime: time } },
        connection.id,
      );
    },

    async getRelations({ session }) {
      const rows = await activeRelations(db, session.appKey, session.accid);
      return {
        blacklist: rows.filter((r) => r.kind === 'blacklist').map((r) => r.target),
        mutelist: rows.filter((r) => r.kind === 'mutelist').map((r) => r.target),
      };
    },

    async friendRequest({ session }, { account, type, ps, idServer }) {
      const kind = FRIEND_REQUEST[type as keyof typeof FRIEND_REQUEST];
      const other = await requireAccount(session.appKey, account);
      if (other === session.accid) throw new CommandError(414, 'an account cannot befriend itself');
      const time = now();
      const already = (await friendRow(session.appKey, session.accid, other))?.valid === 1;
      switch (kind) {
        case 'addFriend':
        case 'applyFriend': {
          if (already) throw new CommandError(417, `${other} is already a friend`);
          if (await hasRelation(db, session.appKey, other, session.accid, 'blacklist'))
            throw new CommandError(7101, 'the account has blacklisted you');
          // Asking again before an answer replaces the pending application (sendSysMsg keeps one
          // per sender, recipient and kind), so repeated applications cannot pile up.
          if (kind === 'addFriend') await befriend(session, other, true, 'addFriend');
          await sendSysMsg(
            db,
            gateway,
            {
              appKey: session.appKey,
              type: kind,
              from: session.accid,
              to: other,
              ...(ps !== undefined && { ps }),
              state: kind === 'addFriend' ? 'passed' : 'init',
            },
            time,
          );
          return;
        }
        case 'passFriendApply':
        case 'rejectFriendApply': {
          const request = await pendingRequest(
            db,
            session.appKey,
            'applyFriend',
            other,
            session.accid,
            idServer,
          );
          if (!request) throw new CommandError(404, `no pending friend application from ${other}`);
          await settleRequest(
            db,
            Number(request.id),
            kind === 'passFriendApply' ? 'passed' : 'rejected',
            time,
          );
          if (kind === 'passFriendApply') await befriend(session, other, true, 'passFriendApply');
          await sendSysMsg(
            db,
            gateway,
            {
              appKey: session.appKey,
              type: kind,
              from: session.accid,
              to: other,
              ...(ps !== undefined && { ps }),
              state: kind === 'passFriendApply' ? 'passed' : 'rejected',
            },
            time,
          );
          return;
        }
      }
    },

    async deleteFriend({ session }, { account, delAlias }) {
      const other = account.toLowerCase();
      if ((await friendRow(session.appKey, session.accid, other))?.valid !== 1)
        throw new CommandError(404, `${account} is not a friend`);
      await befriend(session, other, false, 'deleteFriend', delAlias === true);
      await sendSysMsg(
        db,
        gateway,
        {
          appKey: session.appKey,
          type: 'deleteFriend',
          from: session.accid,
          to: other,
          state: 'passed',
        },
        now(),
      );
    },

    async updateFriend({ session, connection }, { account, alias, custom }) {
      if (alias === undefined && custom === undefined)
        throw new CommandError(
          414,
          'updateFriend needs account and at least one of alias or custom',
        );
      const other = account.toLowerCase();
      if ((await friendRow(session.appKey, session.accid, other))?.valid !== 1)
        throw new CommandError(404, `${account} is not a friend`);
      await updateFriendNotes(db, session.appKey, session.accid, other, { alias, custom }, now());
      const row = await friendRow(session.appKey, session.accid, other);
      await gateway.pushToAccount(
        session,
        'friendChanged',
        { action: 'updateFriend', friend: toFriend(row!) },
        connection.id,
      );
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
      const to = await requireAccount(session.appKey, sysMsg.to);
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
