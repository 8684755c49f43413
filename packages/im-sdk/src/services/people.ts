// Users, friends and relations (document 2: User, Friend, blacklist and mutelist): local copies
// kept in step by the sync and by pushes from other devices and other accounts.
import {
  checkUserUpdate,
  ImError,
  LIMITS,
  type Friend,
  type RelationChange,
  type ReplyOf,
  type User,
  type UserUpdate,
} from '@morsel/protocol';
import type { NimCore } from '../core.ts';
import { withDone, type Done } from '../util/done.ts';
import type { Constructor } from './mixin.ts';

const fail = <T>(message: string, done?: Done<T>) =>
  withDone(Promise.reject(new ImError('Param_Error', message)), done);

export function PeopleApi<TBase extends Constructor<NimCore>>(Base: TBase) {
  return class People extends Base {
    private ownInfo: User | undefined;
    private readonly knownUsers = new Map<string, User>();
    private readonly knownFriends = new Map<string, Friend>();
    private readonly blacklisted = new Set<string>();
    private readonly muted = new Set<string>();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.onPush('syncMyInfo', ({ user }) => this.keepMyInfo(user));
      this.onPush('myInfoUpdated', ({ user }) => {
        this.keepMyInfo(user);
        this.options.onupdatemyinfo?.(user);
      });
      this.onPush('syncFriendUsers', ({ users }) => {
        for (const user of users) this.knownUsers.set(user.account, user);
      });
      this.onPush('userUpdated', ({ user }) => {
        this.knownUsers.set(user.account, user);
        this.options.onupdateuser?.(user);
      });
      this.onPush('syncFriends', ({ friends }) => {
        for (const friend of friends) this.keepFriend(friend);
      });
      this.onPush('friendChanged', ({ action, friend }) => {
        this.keepFriend(friend);
        this.options.onsyncfriendaction?.({ type: action, account: friend.account, friend });
      });
      this.onPush('syncRelations', ({ changes }) => {
        for (const change of changes) this.keepRelation(change);
      });
      this.onPush('relationChanged', ({ change: c }) => {
        this.keepRelation(c);
        if (c.kind === 'blacklist')
          this.options.onsyncmarkinblacklist?.({ account: c.account, isAdd: c.isAdd });
        else this.options.onsyncmarkinmutelist?.({ account: c.account, isAdd: c.isAdd });
      });
      this.onSyncDone(() => {
        if (this.ownInfo) this.options.onmyinfo?.(this.ownInfo);
        this.options.onfriends?.([...this.knownFriends.values()]);
        this.options.onusers?.([...this.knownUsers.values()]);
        this.options.onblacklist?.([...this.blacklisted]);
        this.options.onmutelist?.([...this.muted]);
      });
    }

    getMyInfo(): User | undefined {
      return this.ownInfo;
    }

    /** Updates my profile; gender, email, birth and tel are checked before sending. */
    updateMyInfo(options: UserUpdate & { done?: Done<User> }) {
      const { done, ...user } = options;
      const problem = checkUserUpdate(user);
      if (problem) return fail(problem, done);
      return withDone(
        this.sendCmd('updateMyInfo', { user }).then(({ user: updated }) =>
          this.keepMyInfo(updated),
        ),
        done,
      );
    }

    /** Profiles from the server (at most 150 accounts), also kept locally. */
    getUsers(options: { accounts: string[]; done?: Done<User[]> }) {
      if (options.accounts.length < 1 || options.accounts.length > LIMITS.getUsersMax) {
        return fail(`accounts must hold 1 to ${LIMITS.getUsersMax} accounts`, options.done);
      }
      const work = this.sendCmd('getUsers', { accounts: options.accounts }).then(({ users }) => {
        for (const user of users) this.knownUsers.set(user.account, user);
        return users;
      });
      return withDone(work, options.done);
    }

    /** Profiles held here (friends', my own, those fetched): what searchLocal's user key paths search. */
    protected override localUsers(): object[] {
      return [...this.knownUsers.values()];
    }

    getUser(account: string): User | undefined {
      return this.knownUsers.get(account.toLowerCase());
    }

    addFriend(options: { account: string; ps?: string; done?: Done<void> }) {
      return this.friendRequest(1, options);
    }

    applyFriend(options: { account: string; ps?: string; done?: Done<void> }) {
      return this.friendRequest(2, options);
    }

    passFriendApply(options: {
      account: string;
      idServer?: string;
      ps?: string;
      done?: Done<void>;
    }) {
      return this.friendRequest(3, options);
    }

    rejectFriendApply(options: {
      account: string;
      idServer?: string;
      ps?: string;
      done?: Done<void>;
    }) {
      return this.friendRequest(4, options);
    }

    deleteFriend(options: { account: string; delAlias?: boolean; done?: Done<void> }) {
      const { done, ...params } = options;
      return withDone(
        this.sendCmd('deleteFriend', params).then(() => {}),
        done,
      );
    }

    /** Changes a friend's alias or custom data; needs at least one of them. */
    updateFriend(options: { account: string; alias?: string; custom?: string; done?: Done<void> }) {
      const { done, ...params } = options;
      if (!params.account || (params.alias === undefined && params.custom === undefined)) {
        return fail('updateFriend needs account and at least one of alias or custom', done);
      }
      const work = this.sendCmd('updateFriend', params).then(() => {
        const friend = this.knownFriends.get(params.account.toLowerCase());
        if (friend)
          this.keepFriend({
            ...friend,
            ...(params.alias !== undefined && { alias: params.alias }),
            ...(params.custom !== undefined && { custom: params.custom }),
          });
      });
      return withDone(work, done);
    }

    getFriends(options: { done?: Done<Friend[]> } = {}) {
      const work = this.sendCmd('getFriends', {}).then(({ friends }) => {
        for (const friend of friends) this.keepFriend(friend);
        return friends;
      });
      return withDone(work, options.done);
    }

    getLocalFriends(): Friend[] {
      return [...this.knownFriends.values()];
    }

    markInBlacklist(options: { account: string; isAdd: boolean; done?: Done<void> }) {
      const { done, ...params } = options;
      const work = this.sendCmd('markInBlacklist', params).then(() =>
        this.keepRelation({
          account: params.account.toLowerCase(),
          kind: 'blacklist',
          isAdd: params.isAdd,
          updateTime: Date.now(),
        }),
      );
      return withDone(work, done);
    }

    markInMutelist(options: { account: string; isAdd: boolean; done?: Done<void> }) {
      const { done, ...params } = options;
      const work = this.sendCmd('markInMutelist', params).then(() =>
        this.keepRelation({
          account: params.account.toLowerCase(),
          kind: 'mutelist',
          isAdd: params.isAdd,
          updateTime: Date.now(),
        }),
      );
      return withDone(work, done);
    }

    getRelations(options: { done?: Done<ReplyOf<'getRelations'>> } = {}) {
      return withDone(this.sendCmd('getRelations', {}), options.done);
    }

    isUserInBlackList(account: string): boolean {
      return this.blacklisted.has(account.toLowerCase());
    }

    isUserInMuteList(account: string): boolean {
      return this.muted.has(account.toLowerCase());
    }

    private friendRequest(
      type: 1 | 2 | 3 | 4,
      options: { account: string; ps?: string; idServer?: string; done?: Done<void> },
    ) {
      const { done, ...params } = options;
      if (params.ps !== undefined && params.ps.length > LIMITS.psMaxLength)
        return fail(`ps is at most ${LIMITS.psMaxLength} characters`, done);
      return withDone(
        this.sendCmd('friendRequest', { ...params, type }).then(() => {}),
        done,
      );
    }

    private keepMyInfo(user: User): User {
      this.ownInfo = user;
      this.knownUsers.set(user.account, user);
      return user;
    }

    private keepFriend(friend: Friend): void {
      if (friend.valid) this.knownFriends.set(friend.account, friend);
      else this.knownFriends.delete(friend.account);
    }

    private keepRelation(change: RelationChange): void {
      const set = change.kind === 'blacklist' ? this.blacklisted : this.muted;
      if (change.isAdd) set.add(change.account);
      else set.delete(change.account);
    }
  };
}
