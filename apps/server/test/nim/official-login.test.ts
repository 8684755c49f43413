// The official NIM Web SDK logs in to Morsel unchanged: NIM's load balancer answer, the socket.io
// 0.9 link, login, sync to syncdone, suite.server time, and a text message both ways with a client of
// our own SDK in the same conversation.
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite, type Account } from './official-suite.ts';
import { call } from './official-sdk.ts';

describe('the official NIM Web SDK against Morsel', () => {
  const suite = officialSuite();
  const { ours, newAccount } = suite;
  const official = (account: string | Account) => suite.official(account, { waitForSync: false });

  it('answers NIM’s load balancer at its own path', async () => {
    const answer = await fetch(
      `${suite.server.url}/lbs/webconf.jsp?id=demo1&sv=92112&pv=1&networkType=0&hostEnv=NODEJS&k=${suite.server.server.seeded.appKey}`,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as { common: Record<string, string[]>; nosup: string[] };
    expect(body.common['link.default']).toEqual([new URL(suite.server.url).host]);
    expect(body.nosup[0]).toMatch(/^http:\/\/.+\/im\/upload$/);
  });

  it('logs in, syncs and reads the suite.server time', async () => {
    const alice = await official('nim-login');
    const connected = (await alice.next('connect')) as Record<string, unknown>;
    expect(connected).toMatchObject({ connectionId: expect.any(String) });
    await alice.next('syncdone');
    // Everything the SDK asks for at login is answered: no error event.
    expect(alice.seen.filter((e) => e.name === 'error')).toEqual([]);
    const time = await call<number>(alice.nim, 'getServerTime');
    expect(time).toEqual(expect.any(Number));
    expect(time).toBeGreaterThan(Date.UTC(2020, 0, 1));
  });

  it('refuses a wrong token with 302 and does not reconnect', async () => {
    const mallory = await official({ accid: 'demo4', token: 'wrong-token' });
    // As NIM's own server: the login error ends the connection for good (ondisconnect).
    expect(await mallory.next('disconnect')).toMatchObject({
      code: 302,
      cmd: 'login',
      willReconnect: false,
    });
  });

  it('sends a text both ways with a client of our own SDK', async () => {
    const alice = await official('nim-p2p');
    await alice.next('syncdone');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);

    const sent = await call<Record<string, unknown>>(alice.nim, 'sendText', {
      scene: 'p2p',
      to: 'demo2',
      text: '你好，来自官方 SDK',
    });
    expect(sent).toMatchObject({
      text: '你好，来自官方 SDK',
      from: 'nim-p2p',
      to: 'demo2',
      status: 'success',
    });
    expect(await bob.events.next('msg')).toMatchObject({
      text: '你好，来自官方 SDK',
      from: 'nim-p2p',
    });

    await bob.nim.sendText({ scene: 'p2p', to: 'nim-p2p', text: '收到，来自 Morsel SDK' });
    const back = (await alice.next('msg')) as Record<string, unknown>;
    expect(back).toMatchObject({
      scene: 'p2p',
      from: 'demo2',
      to: 'nim-p2p',
      type: 'text',
      text: '收到，来自 Morsel SDK',
    });
  });

  it('gets the messages sent while it was away in the sync, and reads the history', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const away = await newAccount('nim-away');
    for (const text of ['早上好', '在吗？'])
      await bob.nim.sendText({ scene: 'p2p', to: 'nim-away', text });

    const alice = await official(away);
    // Missed while no device of the account was online: the SDK reports them in the sync (as
    // roaming messages: this suite.server does not tell the two apart for a device it never saw).
    await alice.next('syncdone');
    const offline = (await alice.next('roamingmsgs')) as {
      sessionId: string;
      msgs: Record<string, unknown>[];
    };
    expect(offline.sessionId).toBe('p2p-demo2');
    expect(offline.msgs.map((m) => m.text)).toEqual(expect.arrayContaining(['早上好', '在吗？']));

    const history = await call<{ msgs: Record<string, unknown>[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
      limit: 10,
    });
    expect(history.msgs.map((m) => m.text)).toEqual(expect.arrayContaining(['早上好', '在吗？']));
    expect(history.msgs[0]).toMatchObject({ scene: 'p2p', from: 'demo2', to: 'nim-away' });
  });

  it('chats in a team with clients of our own SDK', async () => {
    const carol = await official('nim-team');
    await carol.next('syncdone');
    const owner = await connectClient(suite.server, 1);
    ours.push(owner.nim);
    const { team } = await owner.nim.createTeam({
      type: 'advanced',
      name: '零食群',
      beInviteMode: 'noVerify',
      accounts: ['nim-team'],
    });
    const sent = await call<Record<string, unknown>>(carol.nim, 'sendText', {
      scene: 'team',
      to: team.teamId,
      text: '大家好',
    });
    expect(sent).toMatchObject({
      scene: 'team',
      to: team.teamId,
      from: 'nim-team',
      status: 'success',
    });
    let received = (await owner.events.next('msg')) as { text?: string };
    // The team's own notifications (its creation) come first.
    while (received.text !== '大家好')
      received = (await owner.events.next('msg')) as { text?: string };
    expect(received).toMatchObject({ scene: 'team', to: team.teamId, from: 'nim-team' });
    await owner.nim.sendText({ scene: 'team', to: team.teamId, text: '欢迎入群' });
    // The team's notification of the official client's joining comes first, in NIM's layout.
    expect(await carol.next('msg')).toMatchObject({
      scene: 'team',
      type: 'notification',
      attach: { type: 'addTeamMembers', accounts: expect.arrayContaining(['nim-team']) },
    });
    expect(await carol.next('msg')).toMatchObject({
      scene: 'team',
      to: team.teamId,
      from: 'demo2',
      text: '欢迎入群',
    });
  });
});
