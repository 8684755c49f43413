// The user-profile, relation and friend actions of the server REST API in NIM's convention
// (/nimserver/user/*, /nimserver/friend/*): an app's backend acts as one of its accounts through
// the same rules as the account's own commands (PeopleActions), so online devices are told of
// every change as they are of their own (myInfoUpdated, userUpdated, relationChanged,
// friendChanged and the friend system messages).
import type { Kysely } from 'kysely';
import type { User, UserUpdate } from '@morsel/protocol';
import { UINFOS_MAX, type NimFormOf } from '@morsel/protocol/nim-rest';
import type { Database } from '../../store/index.ts';
import { actingAccount, nimAction, parseAccidList, type NimActions } from '../rest/index.ts';
import { FRIEND_REQUEST, type PeopleActions } from './actions.ts';
import { friendsChangedSince } from './friend-store.ts';
import { profilesOf, storedAccountId } from './profile-store.ts';
import { activeRelations } from './relation-store.ts';
import { toUser } from './users.ts';

const GENDERS = { '0': 'unknown', '1': 'male', '2': 'female' } as const;
const GENDER_NUMBERS = { unknown: 0, male: 1, female: 2 } as const;

/** updateUinfo's NIM names as the profile fields of the IM link's updateMyInfo. */
function profileChanges(form: NimFormOf<'user/updateUinfo'>): UserUpdate {
  return {
    ...(form.name !== undefined && { nick: form.name }),
    ...(form.icon !== undefined && { avatar: form.icon }),
    ...(form.sign !== undefined && { sign: form.sign }),
    ...(form.email !== undefined && { email: form.email }),
    ...(form.birth !== undefined && { birth: form.birth }),
    ...(form.mobile !== undefined && { tel: form.mobile }),
    ...(form.gender !== undefined && { gender: GENDERS[form.gender] }),
    ...(form.ex !== undefined && { custom: form.ex }),
  };
}

/** A profile as NIM's getUinfos answers it; the app's backend sees every field. */
function uinfo(user: User) {
  return {
    accid: user.account,
    name: user.nick,
    icon: user.avatar,
    sign: user.sign,
    email: user.email,
    birth: user.birth,
    mobile: user.tel,
    gender: GENDER_NUMBERS[user.gender],
    ex: user.custom,
  };
}

export function peopleRestActions(db: Kysely<Database>, actions: PeopleActions): NimActions {
  const actor = (appKey: string, accid: string) =>
    actingAccount((app, id) => storedAccountId(db, app, id), appKey, accid);

  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'user/updateUinfo', async ({ appKey, form }) => {
      await actions.updateProfile(await actor(appKey, form.accid), profileChanges(form));
      return {};
    });

    nimAction(scope, appKeyOf, 'user/getUinfos', async ({ appKey, form }) => {
      const accids = parseAccidList(form.accids, 'accids', UINFOS_MAX);
      const rows = await profilesOf(db, appKey, accids);
      return { uinfos: rows.map((row) => uinfo(toUser(row))) };
    });

    nimAction(scope, appKeyOf, 'user/setSpecialRelation', async ({ appKey, form }) => {
      await actions.markRelation(
        await actor(appKey, form.accid),
        form.targetAcc,
        form.relationType === '1' ? 'blacklist' : 'mutelist',
        form.value === '1',
      );
      return {};
    });

    nimAction(scope, appKeyOf, 'user/listBlackAndMuteList', async ({ appKey, form }) => {
      const { accid } = await actor(appKey, form.accid);
      const rows = await activeRelations(db, appKey, accid);
      return {
        mutelist: rows.filter((r) => r.kind === 'mutelist').map((r) => r.target),
        blacklist: rows.filter((r) => r.kind === 'blacklist').map((r) => r.target),
      };
    });

    nimAction(scope, appKeyOf, 'friend/add', async ({ appKey, form }) => {
      const me = await actor(appKey, form.accid);
      const type = Number(form.type) as keyof typeof FRIEND_REQUEST;
      await actions.friendRequest(me, form.faccid, type, form.msg);
      // serverex is the app server's note on the new friendship (NIM sets it with the add).
      const befriended =
        FRIEND_REQUEST[type] === 'addFriend' || FRIEND_REQUEST[type] === 'passFriendApply';
      if (form.serverex !== undefined && befriended)
        await actions.updateFriend(me, form.faccid, { serverex: form.serverex });
      return {};
    });

    nimAction(scope, appKeyOf, 'friend/update', async ({ appKey, form }) => {
      await actions.updateFriend(await actor(appKey, form.accid), form.faccid, {
        ...(form.alias !== undefined && { alias: form.alias }),
        ...(form.ex !== undefined && { custom: form.ex }),
        ...(form.serverex !== undefined && { serverex: form.serverex }),
      });
      return {};
    });

    nimAction(scope, appKeyOf, 'friend/delete', async ({ appKey, form }) => {
      await actions.deleteFriend(
        await actor(appKey, form.accid),
        form.faccid,
        form.isDeleteAlias === 'true',
      );
      return {};
    });

    nimAction(scope, appKeyOf, 'friend/get', async ({ appKey, form }) => {
      const { accid } = await actor(appKey, form.accid);
      const rows = await friendsChangedSince(db, appKey, accid, Number(form.updatetime));
      const friends = rows
        .filter((row) => row.valid === 1)
        .map((row) => ({
          faccid: row.friend,
          alias: row.alias,
          ex: row.custom,
          serverex: row.serverex,
          // A friendship is always made and ended on both sides at once (PeopleActions).
          bidirection: true,
          createtime: Number(row.created_at),
          updatetime: Number(row.updated_at),
        }));
      return { size: friends.length, friends };
    });
  };
}
