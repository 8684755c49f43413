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
import type { Emit, OnPush, OnSyncDone, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

const fail = <T>(message: string, done?: Done<T>) =>
  withDone(Promise.reject(new ImError('Param_Error', message)), done);

export interface PeopleContext {
  send: Send;
  onPush: OnPush;
  onSyncDone: OnSyncDone;
  emit: Emit;
}

export class PeopleManager {
  private ownInfo: User | undefined;
  private readonly knownUsers = new Map<string, User>();
  private readonly knownFriends = new Map<string, Friend>();
  private readonly blacklisted = new Set<string>();
  private readonly muted = new Set<string>();

  constructor(private readonly context: PeopleContext) {
    this.context.onPush('syncMyInfo', ({ user }) => this.keepMyInfo(user));
    this.context.onPush('myInfoUpdated', ({ user }) => {
      this.keepMyInfo(user);
      this.context.emit('onupdatemyinfo', user);
    });
    this.context.onPush('syncFriendUsers', ({ users }) => {
      for (const user of users) this.knownUsers.set(user.account, user);
    });
    this.context.onPush('userUpdated', ({ user }) => {
      this.knownUsers.set(user.account, user);
      this.context.emit('onupdateuser', user);
    });
    this.context.onPush('syncFriends', ({ friends }) => {
      for (const friend of friends) this.keepFriend(friend);
    });
    this.context.onPush('friendChanged', ({ action, friend }) => {
      this.keepFriend(friend);
      this.context.emit('onsyncfriendaction', { type: action, account: friend.account, friend });
    });
    this.context.onPush('syncRelations', ({ changes }) => {
      for (const change of changes) this.keepRelation(change);
    });
    this.context.onPush('relationChanged', ({ change: c }) => {
      this.keepRelation(c);
      if (c.kind === 'blacklist')
        this.context.emit('onsyncmarkinblacklist', { account: c.account, isAdd: c.isAdd });
      else this.context.emit('onsyncmarkinmutelist', { account: c.account, isAdd: c.isAdd });
    });
    this.context.onSyncDone(() => {
      if (this.ownInfo) this.context.emit('onmyinfo', this.ownInfo);
      this.context.emit('onfriends', [...this.knownFriends.values()]);
      this.context.emit('onusers', [...this.knownUsers.values()]);
      this.context.emit('onblacklist', [...this.blacklisted]);
      this.context.emit('onmutelist', [...this.muted]);
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
      this.context
        .send('updateMyInfo', { user })
        .then(({ user: updated }) => this.keepMyInfo(updated)),
      done,
    );
  }

  /** Profiles from the server (at most 150 accounts), also kept locally. */
  getUsers(options: { accounts: string[]; done?: Done<User[]> }) {
    if (options.accounts.length < 1 || options.accounts.length > LIMITS.getUsersMax) {
      return fail(`accounts must hold 1 to ${LIMITS.getUsersMax} accounts`, options.done);
    }
    const work = this.context.send('getUsers', { accounts: options.accounts }).then(({ users }) => {
      for (const user of users) this.knownUsers.set(user.account, user);
      return users;
    });
    return withDone(work, options.done);
  }

  /** Profiles held here (friends', my own, those fetched): what searchLocal's user key paths search. */
  localUsers(): object[] {
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

  passFriendApply(options: { account: string; idServer?: string; ps?: string; done?: Done<void> }) {
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
      this.context.send('deleteFriend', params).then(() => {}),
      done,
    );
  }

  /** Changes a friend's alias or custom data; needs at least one of them. */
  updateFriend(options: { account: string; alias?: string; custom?: string; done?: Done<void> }) {
    const { done, ...params } = options;
    if (!params.account || (params.alias === undefined && params.custom === undefined)) {
      return fail('updateFriend needs account and at least one of alias or custom', done);
    }
    const work = this.context.send('updateFriend', params).then(() => {
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
    const work = this.context.send('getFriends', {}).then(({ friends }) => {
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
    const work = this.context.send('markInBlacklist', params).then(() =>
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
    const work = this.context.send('markInMutelist', params).then(() =>
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
    return withDone(this.context.send('getRelations', {}), options.done);
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
      this.context.send('friendRequest', { ...params, type }).then(() => {}),
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
}
