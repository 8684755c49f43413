// Super-team members a page or a few accounts at a time through the official NIM Web SDK
// (getSuperTeamMembersByJoinTime, getSuperTeamMembersByAccounts, with NIM's result shapes and
// limits), and a message the account sends from another of its devices reaching the official SDK
// as NIM's syncSendSuperTeamMsg / syncSendMsg (its own message, not a received one), while its
// own sends reach the account's device on our SDK. The server's clock is set by hand so that each
// member joins at its own time.
import { describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { connectClient, connectNewAccount, demoOptions, Events } from '../im-link/clients.ts';
import { ManualClock } from '../harness/index.ts';
import { officialSuite, type Account } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;
type Member = Item & { account: string; joinTime: number; valid: boolean };
type Msg = Item & { idServer: string; idClient: string; text?: string; from: string };

const clock = new ManualClock(Date.now());

describe('super-team member pages and sends from other devices through the official SDK', () => {
  const suite = officialSuite({ clock });
  const { ours, official, newAccount } = suite;

  /** A device of our own SDK for an account, logged in and synced. */
  async function ourDevice(account: Account) {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: account.accid,
      token: account.token,
      ...events.callbacks(),
    });
    ours.push(nim);
    await nim.connect();
    await events.next('syncdone');
    return { nim, events };
  }

  it('pages members by join time and reads some by account', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-pages');
    const others = ['nim-pages-1', 'nim-pages-2', 'nim-pages-3', 'nim-pages-4'];
    for (const accid of others) await newAccount(accid);
    const { team } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '会员群',
      beInviteMode: 'noVerify',
      accounts: [account.accid],
    });
    const teamId = team.teamId;
    const created = clock.now();
    // One member a second, so each has its own join time; the third then leaves.
    for (const accid of others) {
      clock.advance(1000);
      await bob.nim.addSuperTeamMembers({ teamId, accounts: [accid] });
    }
    clock.advance(1000);
    await bob.nim.removeSuperTeamMembers({ teamId, accounts: ['nim-pages-3'] });

    const alice = await official(account);
    type Page = { teamId: string; members: Member[]; invalid: Member[] };
    const page = (options: Item) =>
      call<Page>(alice.nim, 'getSuperTeamMembersByJoinTime', { teamId, ...options });
    const accounts = (list: Member[]) => list.map((m) => m.account);

    // After a join time, oldest first; members who left come as `invalid` (NIM's split).
    const first = await page({ joinTime: created, limit: 2 });
    expect(first.teamId).toBe(teamId);
    expect(accounts(first.members)).toEqual(['nim-pages-1', 'nim-pages-2']);
    expect(first.members[0]).toMatchObject({
      id: `${teamId}-nim-pages-1`,
      teamId,
      account: 'nim-pages-1',
      type: 'normal',
      valid: true,
      joinTime: created + 1000,
    });
    const second = await page({ joinTime: first.members[1]!.joinTime, limit: 2 });
    expect(accounts(second.members)).toEqual(['nim-pages-4']);
    expect(accounts(second.invalid)).toEqual(['nim-pages-3']);
    expect(second.invalid[0]).toMatchObject({ valid: false });
    // Before a join time with `reverse`, newest first.
    const back = await page({ joinTime: created + 3000, reverse: true, limit: 2 });
    expect(accounts(back.members)).toEqual(['nim-pages-2', 'nim-pages-1']);
    // No join time: from the first (the owner and the account itself joined at creation).
    const all = await page({});
    expect(accounts(all.members).sort()).toEqual(
      ['demo2', 'nim-pages', 'nim-pages-1', 'nim-pages-2', 'nim-pages-4'].sort(),
    );
    // Members who joined in the same millisecond never straddle pages: a page of one from the
    // start takes in both who joined at creation, so the next page (after that time) skips nobody.
    const creation = await page({ limit: 1 });
    expect(accounts(creation.members).sort()).toEqual(['demo2', 'nim-pages']);
    // NIM's page holds at most 100.
    await expect(page({ limit: 101 })).rejects.toMatchObject({ code: 414 });

    // By account: NIM names each `<teamId>|<account>`; those who left come apart, unknown ones
    // are left out.
    const some = await call<{ accounts: string[]; members: Member[]; invaldAccounts: Member[] }>(
      alice.nim,
      'getSuperTeamMembersByAccounts',
      { teamId, accounts: ['demo2', 'nim-pages-1', 'nim-pages-3', 'nobody'] },
    );
    expect(some.accounts).toEqual(['demo2', 'nim-pages-1', 'nim-pages-3', 'nobody']);
    expect(accounts(some.members).sort()).toEqual(['demo2', 'nim-pages-1']);
    expect(some.members.find((m) => m.account === 'demo2')).toMatchObject({ type: 'owner' });
    expect(accounts(some.invaldAccounts)).toEqual(['nim-pages-3']);

    // Our SDK reaches the same commands; only members may read, and 20 accounts at most.
    const outsider = await connectNewAccount(suite.server, 'nim-pages-out');
    ours.push(outsider.nim);
    await expect(
      outsider.nim.sendCmd('getSuperTeamMembersByJoinTime', { teamId }),
    ).rejects.toMatchObject({ code: 804 });
    const many = Array.from({ length: 21 }, (_, i) => `a${i}`);
    await expect(
      bob.nim.sendCmd('getSuperTeamMembersByAccounts', { teamId, accounts: many }),
    ).rejects.toMatchObject({ code: 414 });
  });

  it("tells the official SDK of its account's sends from another device as its own", async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-sync-send');
    const { team } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '同步群',
      beInviteMode: 'noVerify',
      accounts: [account.accid],
    });
    const teamId = team.teamId;
    const alice = await official(account, { extra: { syncSessionUnread: true } });
    const device = await ourDevice(account);

    // The official SDK's send reaches the account's device on our SDK (and the team), never
    // itself again.
    const sent = await call<Msg>(alice.nim, 'sendText', {
      scene: 'superTeam',
      to: teamId,
      text: '手机上发的',
    });
    const onDevice = (await device.events.next('msg')) as Msg;
    expect(onDevice).toMatchObject({ idServer: sent.idServer, from: account.accid });

    // Our device's sends reach the official SDK as its own messages: NIM's syncSendSuperTeamMsg
    // and syncSendMsg, flow `out`, nothing unread.
    const fromDevice = await device.nim.sendText({
      scene: 'superTeam',
      to: teamId,
      text: '电脑上发的',
    });
    const synced = (await alice.next('msg')) as Msg;
    expect(synced).toMatchObject({
      scene: 'superTeam',
      to: teamId,
      from: account.accid,
      flow: 'out',
      text: '电脑上发的',
      idServer: fromDevice.idServer,
    });
    const p2p = await device.nim.sendText({ scene: 'p2p', to: 'demo2', text: '私聊也同步' });
    expect(await alice.next('msg')).toMatchObject({
      scene: 'p2p',
      to: 'demo2',
      from: account.accid,
      flow: 'out',
      idServer: p2p.idServer,
    });
    // A message from the peer arrives as received; the echo of the official SDK's own send never
    // came (the only super-team message it got is the device's).
    await bob.nim.sendText({ scene: 'superTeam', to: teamId, text: '收到' });
    expect(await alice.next('msg')).toMatchObject({ from: 'demo2', flow: 'in' });
    expect(alice.seen.filter((e) => e.name === 'msg')).toEqual([]);
    // Only the peer's message counts unread in the official SDK's session.
    const unreads = alice.seen
      .filter((e) => e.name === 'updatesessions')
      .flatMap((e) => (e.value as Item[]).filter((x) => x.id === `superTeam-${teamId}`))
      .map((x) => x.unread);
    expect(unreads.at(-1)).toBe(1);
    expect(Math.max(...(unreads as number[]))).toBe(1);
  });
});
