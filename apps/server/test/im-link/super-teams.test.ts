// Super teams: one publish per message to every online member, no per-member writes, member
// state computed on read.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { Team } from '@morsel/protocol';
import { imSuite } from './suite.ts';
import { connectClient } from './clients.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;
const opened = suite.opened;

async function createMembers(count: number): Promise<string[]> {
  const { appKey } = suite.server.server.seeded;
  const accounts = Array.from({ length: count }, (_, i) => `fan${i}`);
  for (const accid of accounts) await suite.server.server.imAccounts.create({ appKey, accid });
  return accounts;
}

describe('a super team', () => {
  it('delivers to every online member with one publish and writes no member sessions', async () => {
    const a = await client(0);
    const b = await client(1);
    const fans = await createMembers(60);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '零食超级粉丝群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', ...fans],
    });
    expect(team.memberNum).toBe(62);
    await b.events.until(() => b.events.all<Team>('updatesuperteam').length > 0);

    const sent = await a.nim.sendText({ scene: 'superTeam', to: team.teamId, text: '新品上架啦' });
    const got = await b.events
      .until(() => b.events.all<ClientMsg>('msg').some((m) => m.idServer === sent.idServer))
      .then(() => b.events.all<ClientMsg>('msg').find((m) => m.idServer === sent.idServer)!);
    expect(got).toMatchObject({
      scene: 'superTeam',
      sessionId: `superTeam-${team.teamId}`,
      flow: 'in',
    });
    const rows = await suite.server.server.store.db
      .selectFrom('im_sessions')
      .select('accid')
      .where('conv_key', '=', `superTeam:${team.teamId}`)
      .execute();
    expect(rows.map((r) => r.accid)).toEqual(['demo1']); // only the sender's own row

    // A member coming online computes its session: unread from its join.
    await a.nim.sendText({ scene: 'superTeam', to: team.teamId, text: '第二条' });
    const c = await client(2);
    expect(c.nim.getLocalSession(`superTeam-${team.teamId}`)).toBeUndefined(); // demo3 is not a member
    const late = await (async () => {
      const { appKey } = suite.server.server.seeded;
      const { token } = await suite.server.server.imAccounts.refreshToken(appKey, 'fan7');
      return connectClient(suite.server, 0, { account: 'fan7', token });
    })();
    opened.push(late.nim);
    const session = late.nim.getLocalSession(`superTeam-${team.teamId}`)!;
    expect(session.unread).toBeGreaterThanOrEqual(2); // the notification and the two messages
    expect(session.lastMsg?.text).toBe('第二条');
    const { sessions } = await late.nim.getServerSessions({});
    expect(sessions.find((s) => s.id === session.id)).toMatchObject({
      scene: 'superTeam',
      unread: session.unread,
    });
    expect(
      (await late.nim.getServerSession({ sessionId: session.id })).session?.lastMsg?.text,
    ).toBe('第二条');
    late.nim.setCurrSession(session.id);
    await late.nim.getServerTime();
    const acked = await suite.server.server.store.db
      .selectFrom('im_sessions')
      .select(['accid', 'ack'])
      .where('conv_key', '=', `superTeam:${team.teamId}`)
      .where('accid', '=', 'fan7')
      .executeTakeFirst();
    expect(acked?.ack).toBeGreaterThan(0);
  });

  it('reaches members on a websocket and on long-polling alike, each in seq order', async () => {
    // The fan-out writes a websocket member's frame to ws directly when Engine.IO has nothing
    // queued for it, and through Engine.IO otherwise (long-polling, decision 0070's fallback).
    const a = await client(0);
    const onWebSocket = await client(1);
    const onPolling = await connectClient(suite.server, 2, { transports: ['polling'] });
    opened.push(onPolling.nim);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '零食夜宵群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    const texts = Array.from({ length: 20 }, (_, i) => `第${i + 1}条`);
    const sent = await Promise.all(
      texts.map((text) => a.nim.sendText({ scene: 'superTeam', to: team.teamId, text })),
    );
    const ids = new Set(sent.map((m) => m.idServer));
    const wanted = sent.map((m) => m.seq).sort((x, y) => x! - y!);
    for (const member of [onWebSocket, onPolling]) {
      const mine = () => member.events.all<ClientMsg>('msg').filter((m) => ids.has(m.idServer));
      await member.events.until(() => mine().length >= texts.length);
      expect(mine().map((m) => m.seq)).toEqual(wanted);
    }
  });

  it('stops delivering to removed members and limits member mutes to 10 accounts', async () => {
    const a = await client(0);
    const b = await client(1);
    const fans = await createMembers(11);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '禁言测试',
      beInviteMode: 'noVerify',
      accounts: ['demo2', ...fans],
    });
    await expect(
      a.nim.updateSuperTeamMembersMute({ teamId: team.teamId, accounts: fans, mute: true }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await a.nim.updateSuperTeamMembersMute({
      teamId: team.teamId,
      accounts: ['demo2'],
      mute: true,
    });
    await expect(
      b.nim.sendText({ scene: 'superTeam', to: team.teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 812 });

    await a.nim.removeSuperTeamMembers({ teamId: team.teamId, accounts: ['demo2'] });
    await b.events.until(() =>
      b.events.all<Team>('updatesuperteam').some((t) => !t.validToCurrentUser),
    );
    const before = b.events.all('msg').length;
    await a.nim.sendText({ scene: 'superTeam', to: team.teamId, text: '你已不在群里' });
    await a.nim.getServerTime();
    await new Promise((r) => setTimeout(r, 150));
    expect(
      b.events
        .all<ClientMsg>('msg')
        .slice(before)
        .map((m) => m.text),
    ).not.toContain('你已不在群里');
    expect(b.nim.getLocalSuperTeams()).toEqual([]);
  });

  it('recalls a message for every member through the group', async () => {
    const a = await client(0);
    const b = await client(1);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '撤回群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const msg = await a.nim.sendText({ scene: 'superTeam', to: team.teamId, text: '发错了' });
    await b.events.until(() =>
      b.events.all<ClientMsg>('msg').some((m) => m.idServer === msg.idServer),
    );
    await a.nim.deleteMsg({ msg });
    expect(await b.events.next('sysmsg')).toMatchObject({
      type: 'deleteMsgSuperTeam',
      idServer: msg.idServer,
      sessionId: `superTeam-${team.teamId}`,
    });
  });
});
