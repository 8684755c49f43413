// The people manager alone, on a fake context: profiles, friends and relations from the sync and
// from pushes, what it tells once the sync is done, and checks made before sending.
import type { Friend, User } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeReplies } from '../test-context.ts';
import { PeopleManager } from './people-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  return { context, people: new PeopleManager(context) };
}

const user = (account: string, nick = account): User => ({
  account,
  nick,
  avatar: '',
  sign: '',
  gender: 'unknown',
  email: '',
  birth: '',
  tel: '',
  custom: '',
  createTime: 1,
  updateTime: 1,
});
const friend = (account: string, valid = true): Friend => ({
  account,
  alias: '',
  custom: '',
  serverex: '',
  createTime: 1,
  updateTime: 1,
  valid,
});

describe('PeopleManager', () => {
  it('tells my info, friends, users and relations once the sync is done', () => {
    const { context, people } = setUp();
    context.push('syncMyInfo', { user: user('me') });
    context.push('syncFriends', { friends: [friend('ann'), friend('gone', false)] });
    context.push('syncFriendUsers', { users: [user('ann', 'Annie')] });
    context.push('syncRelations', {
      changes: [{ account: 'spam', kind: 'blacklist', isAdd: true, updateTime: 1 }],
    });
    context.runSyncDone();
    expect(context.calls('onmyinfo')).toEqual([[user('me')]]);
    expect(context.calls('onfriends')).toEqual([[[friend('ann')]]]);
    expect(context.calls('onblacklist')).toEqual([[['spam']]]);
    expect(people.getUser('ANN')?.nick).toBe('Annie');
    expect(people.localUsers()).toHaveLength(2);
    expect(people.isUserInBlackList('Spam')).toBe(true);
  });

  it('follows relation changes from other devices and tells them', () => {
    const { context, people } = setUp();
    context.push('relationChanged', {
      change: { account: 'bob', kind: 'mutelist', isAdd: true, updateTime: 2 },
    });
    expect(people.isUserInMuteList('bob')).toBe(true);
    expect(context.calls('onsyncmarkinmutelist')).toEqual([[{ account: 'bob', isAdd: true }]]);
    expect(context.calls('onsyncmarkinblacklist')).toEqual([]);
  });

  it('checks updateFriend and friend requests before sending', async () => {
    const { context, people } = setUp({ friendRequest: () => ({}) });
    await expect(people.updateFriend({ account: 'ann' })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(
      people.addFriend({ account: 'ann', ps: 'x'.repeat(10_000) }),
    ).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(context.sent).toEqual([]);
    await people.applyFriend({ account: 'ann', ps: 'hello' });
    expect(context.sent).toEqual([
      { name: 'friendRequest', params: { account: 'ann', ps: 'hello', type: 2 } },
    ]);
  });
});
