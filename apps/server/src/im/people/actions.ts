// The people rules as actions of an account: profile edits, blacklist and mute list, friend
// requests, deletions and notes. The IM link's handlers (handlers.ts) and the server REST API
// (rest.ts) both act through these, so a change made by an app's backend is checked and pushed to
// online devices exactly as the account's own would be. `except` is the connection that made the
// change (it has the answer already); the REST API has none.
import type { Kysely } from 'kysely';
import { checkUserUpdate, type User, type UserUpdate } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { CommandError, type Gateway } from '../gateway/index.ts';
import {
  currentFriends,
  findFriend,
  setFriendship,
  updateFriendNotes,
  type FriendNotes,
} from './friend-store.ts';
import { storedAccountId, updateProfile } from './profile-store.ts';
import { hasRelation, setRelation, type RelationKind } from './relation-store.ts';
import { pendingRequest, settleRequest } from './sysmsg-store.ts';
import { sendSysMsg } from './sysmsgs.ts';
import { getUsers } from './users.ts';
import type { ImFriendTable } from './tables.ts';
import type { Friend } from '@morsel/protocol';

/** The account a change is made as. */
export interface PeopleActor {
  appKey: string;
  accid: string;
}

/** NIM's friendRequest types. */
export const FRIEND_REQUEST = {
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

export class PeopleActions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: Gateway,
    private readonly now: () => number,
  ) {}

  /** The stored spelling of an existing account, or 404. */
  async requireAccount(appKey: string, accid: string): Promise<string> {
    const stored = await storedAccountId(this.db, appKey, accid);
    if (!stored) throw new CommandError(404, `account ${accid} does not exist`);
    return stored;
  }

  /** Changes the actor's profile; its devices get myInfoUpdated and its friends userUpdated. */
  async updateProfile(actor: PeopleActor, user: UserUpdate, except?: string): Promise<User> {
    const problem = checkUserUpdate(user);
    if (problem) throw new CommandError(414, problem);
    const { avatar, ...rest } = user;
    await updateProfile(
      this.db,
      actor.appKey,
      actor.accid,
      { ...rest, ...(avatar !== undefined && { icon: avatar }) },
      this.now(),
    );
    // Every session of the account sends under the new nickname, in whichever process it is.
    if (user.nick !== undefined) await this.gateway.setNick(actor, user.nick);
    const [updated] = await getUsers(this.db, actor.appKey, [actor.accid], actor.accid);
    await this.gateway.pushToAccount(actor, 'myInfoUpdated', { user: updated! }, except);
    const friends = await currentFriends(this.db, actor.appKey, actor.accid);
    for (const { friend } of friends)
      await this.gateway.pushToAccount({ appKey: actor.appKey, accid: friend }, 'userUpdated', {
        user: updated!,
      });
    return updated!;
  }

  /** Adds `account` to (or takes it off) the actor's blacklist or mute list. */
  async markRelation(
    actor: PeopleActor,
    account: string,
    kind: RelationKind,
    isAdd: boolean,
    except?: string,
  ): Promise<void> {
    const target = await this.requireAccount(actor.appKey, account);
    const time = this.now();
    await setRelation(this.db, actor.appKey, actor.accid, target, kind, isAdd, time);
    await this.gateway.pushToAccount(
      actor,
      'relationChanged',
      { change: { account: target, kind, isAdd, updateTime: time } },
      except,
    );
  }

  /** Makes (or unmakes) the friendship in both directions and tells every device of both. */
  private async befriend(
    actor: PeopleActor,
    other: string,
    valid: boolean,
    action: 'addFriend' | 'passFriendApply' | 'deleteFriend',
    clearAlias = false,
  ) {
    const time = this.now();
    for (const [accid, friend] of [
      [actor.accid, other],
      [other, actor.accid],
    ] as const) {
      await setFriendship(this.db, actor.appKey, accid, friend, { valid, clearAlias }, time);
      const row = await findFriend(this.db, actor.appKey, accid, friend);
      await this.gateway.pushToAccount({ appKey: actor.appKey, accid }, 'friendChanged', {
        action,
        friend: toFriend(row!),
      });
    }
  }

  /** Adds a friend directly, applies, or answers an application (NIM's types 1-4). */
  async friendRequest(
    actor: PeopleActor,
    account: string,
    type: keyof typeof FRIEND_REQUEST,
    ps?: string,
    idServer?: string,
  ): Promise<void> {
    const kind = FRIEND_REQUEST[type];
    const other = await this.requireAccount(actor.appKey, account);
    if (other === actor.accid) throw new CommandError(414, 'an account cannot befriend itself');
    const time = this.now();
    const already = (await findFriend(this.db, actor.appKey, actor.accid, other))?.valid === 1;
    /** The friend system message of this step, with its outcome, to the other account. */
    const tell = (state: 'init' | 'passed' | 'rejected') =>
      sendSysMsg(
        this.db,
        this.gateway,
        {
          appKey: actor.appKey,
          type: kind,
          from: actor.accid,
          to: other,
          ...(ps !== undefined && { ps }),
          state,
        },
        time,
      );
    switch (kind) {
      case 'addFriend':
      case 'applyFriend': {
        if (already) throw new CommandError(417, `${other} is already a friend`);
        if (await hasRelation(this.db, actor.appKey, other, actor.accid, 'blacklist'))
          throw new CommandError(7101, 'the account has blacklisted you');
        // Asking again before an answer replaces the pending application (sendSysMsg keeps one
        // per sender, recipient and kind), so repeated applications cannot pile up.
        if (kind === 'addFriend') await this.befriend(actor, other, true, 'addFriend');
        await tell(kind === 'addFriend' ? 'passed' : 'init');
        return;
      }
      case 'passFriendApply':
      case 'rejectFriendApply': {
        const request = await pendingRequest(
          this.db,
          actor.appKey,
          'applyFriend',
          other,
          actor.accid,
          idServer,
        );
        if (!request) throw new CommandError(404, `no pending friend application from ${other}`);
        await settleRequest(
          this.db,
          Number(request.id),
          kind === 'passFriendApply' ? 'passed' : 'rejected',
          time,
        );
        if (kind === 'passFriendApply') await this.befriend(actor, other, true, 'passFriendApply');
        await tell(kind === 'passFriendApply' ? 'passed' : 'rejected');
        return;
      }
    }
  }

  /** Ends a friendship on both sides (optionally forgetting the alias) and tells the other. */
  async deleteFriend(actor: PeopleActor, account: string, delAlias: boolean): Promise<void> {
    const other = account.toLowerCase();
    if ((await findFriend(this.db, actor.appKey, actor.accid, other))?.valid !== 1)
      throw new CommandError(404, `${account} is not a friend`);
    await this.befriend(actor, other, false, 'deleteFriend', delAlias);
    await sendSysMsg(
      this.db,
      this.gateway,
      {
        appKey: actor.appKey,
        type: 'deleteFriend',
        from: actor.accid,
        to: other,
        state: 'passed',
      },
      this.now(),
    );
  }

  /** Changes the actor's notes on a friend (serverex only from the server API). */
  async updateFriend(
    actor: PeopleActor,
    account: string,
    notes: FriendNotes,
    except?: string,
  ): Promise<void> {
    if (notes.alias === undefined && notes.custom === undefined && notes.serverex === undefined)
      throw new CommandError(414, 'updateFriend needs account and at least one of alias or custom');
    const other = account.toLowerCase();
    if ((await findFriend(this.db, actor.appKey, actor.accid, other))?.valid !== 1)
      throw new CommandError(404, `${account} is not a friend`);
    await updateFriendNotes(this.db, actor.appKey, actor.accid, other, notes, this.now());
    const row = await findFriend(this.db, actor.appKey, actor.accid, other);
    await this.gateway.pushToAccount(
      actor,
      'friendChanged',
      { action: 'updateFriend', friend: toFriend(row!) },
      except,
    );
  }
}
