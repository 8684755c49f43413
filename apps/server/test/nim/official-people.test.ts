// Friends, users and system messages through the official NIM Web SDK, with clients of our own
// SDK on the other side: friend requests and their answers as NIM's system messages, friends and
// users at sync (onfriends, onusers, onmyinfo), getUsers, deleting a friend, and custom system
// messages both ways. Shapes as in the SDK's NIMFriendProfile, NIMUserNameCard, NIMSystemMessage.
import { describe, expect, it } from 'vitest';
import { connectClient, connectNewAccount } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;

describe('friends and system messages through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official, newAccount } = suite;

  /** The next system message of a kind, skipping others. */
  const nextOf = async (next: () => Promise<unknown>, type: string) => {
    for (;;) {
      const value = (await next()) as Item;
      if (value.type === type) return value;
    }
  };

  it('adds, applies, passes, rejects and deletes friends with our own SDK', async () => {
    const alice = await official(await newAccount('nim-friend'));
    const bob = await connectClient(suite.server, 1);
    const carol = await connectNewAccount(suite.server, 'nim-friend-carol');
    const dave = await connectNewAccount(suite.server, 'nim-friend-dave');
    ours.push(bob.nim, carol.nim, dave.nim);

    await call(alice.nim, 'addFriend', { account: 'demo2', ps: '你好' });
    expect(await nextOf(() => bob.events.next('sysmsg'), 'addFriend')).toMatchObject({
      from: 'nim-friend',
      to: 'demo2',
      ps: '你好',
    });
    const friends = await call<Item[]>(alice.nim, 'getFriends');
    // NIM's getFriends: the friends, with the ended friendships on the list's `invalid`.
    expect(friends.map((f) => f.account)).toEqual(['demo2']);
    expect(friends[0]).toMatchObject({ account: 'demo2', valid: true });

    await carol.nim.applyFriend({ account: 'nim-friend', ps: '交个朋友' });
    const apply = await nextOf(() => alice.next('sysmsg'), 'applyFriend');
    expect(apply).toMatchObject({
      category: 'friend',
      from: 'nim-friend-carol',
      to: 'nim-friend',
      ps: '交个朋友',
      idServer: expect.any(String),
    });
    await call(alice.nim, 'passFriendApply', { idServer: apply.idServer, account: apply.from });
    expect(await nextOf(() => carol.events.next('sysmsg'), 'passFriendApply')).toMatchObject({
      from: 'nim-friend',
    });

    await dave.nim.applyFriend({ account: 'nim-friend' });
    const other = await nextOf(() => alice.next('sysmsg'), 'applyFriend');
    await call(alice.nim, 'rejectFriendApply', { idServer: other.idServer, account: other.from });
    expect(await nextOf(() => dave.events.next('sysmsg'), 'rejectFriendApply')).toMatchObject({
      from: 'nim-friend',
    });

    await call(alice.nim, 'deleteFriend', { account: 'demo2' });
    expect(await nextOf(() => bob.events.next('sysmsg'), 'deleteFriend')).toMatchObject({
      from: 'nim-friend',
    });
    const left = await call<Item[]>(alice.nim, 'getFriends');
    expect(left.map((f) => f.account)).toEqual(['nim-friend-carol']);
    // A friend request to an account that does not exist is refused.
    await expect(call(alice.nim, 'addFriend', { account: 'nobody-here' })).rejects.toBeTruthy();
  });

  it('gets friends, their cards, its own card and missed requests in the sync', async () => {
    const account = await newAccount('nim-sync-people');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    await bob.nim.addFriend({ account: account.accid, ps: '加你了' });

    const alice = await official(account);
    expect(await alice.next('friends')).toEqual([
      expect.objectContaining({ account: 'demo2', valid: true, createTime: expect.any(Number) }),
    ]);
    expect(await alice.next('users')).toEqual([
      expect.objectContaining({ account: 'demo2', nick: '小食', gender: expect.any(String) }),
    ]);
    expect(await alice.next('myinfo')).toMatchObject({ account: 'nim-sync-people' });
    expect(await alice.next('offlinesysmsgs')).toEqual([
      expect.objectContaining({ type: 'addFriend', from: 'demo2', ps: '加你了' }),
    ]);

    const users = await call<Item[]>(alice.nim, 'getUsers', { accounts: ['demo2', 'demo3'] });
    expect(users.map((u) => u.account).sort()).toEqual(['demo2', 'demo3']);
    expect(users[0]).toMatchObject({ nick: expect.any(String), gender: expect.any(String) });
  });

  it('sends and receives custom system messages', async () => {
    const alice = await official(await newAccount('nim-custom'));
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    await call(alice.nim, 'sendCustomSysMsg', {
      scene: 'p2p',
      to: 'demo2',
      content: JSON.stringify({ typing: true }),
      sendToOnlineUsersOnly: true,
    });
    expect(await bob.events.next('customsysmsg')).toMatchObject({
      scene: 'p2p',
      from: 'nim-custom',
      to: 'demo2',
      content: '{"typing":true}',
      sendToOnlineUsersOnly: true,
    });
    await bob.nim.sendCustomSysMsg({ scene: 'p2p', to: 'nim-custom', content: '{"poke":1}' });
    expect(await alice.next('customsysmsg')).toMatchObject({
      type: 'custom',
      scene: 'p2p',
      from: 'demo2',
      to: 'nim-custom',
      content: '{"poke":1}',
    });
  });
});
