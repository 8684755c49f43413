// Document 2's limits as the server enforces them for a client that skips the SDK's own checks:
// raw frames from a logged-in connection (getUsers at most 150 accounts, ps at most 5000
// characters). The SDK refuses the same calls locally (people.test.ts); these prove the server
// does not rely on it.
import { Socket } from 'engine.io-client';
import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  decodeFrame,
  encodeFrame,
  type CommandName,
  type Frame,
  type SysMsg,
} from '@morsel/protocol';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'all' });

/** A raw connection logged in as a demo account; `call` sends one command and awaits its reply. */
async function rawLogin(index: number) {
  const { appKey, demoAccounts } = suite.server.server.seeded;
  const socket = new Socket(suite.server.url, { path: '/im/link/', transports: ['websocket'] });
  socket.binaryType = 'arraybuffer';
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(decodeFrame(new Uint8Array(data as ArrayBuffer))));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  let ser = 0;
  const call = async (name: CommandName, body: Record<string, unknown>): Promise<Frame> => {
    const { sid, cid } = COMMANDS[name];
    const serial = ++ser;
    socket.send(encodeFrame({ sid, cid, ser: serial, code: 0, body }));
    const until = Date.now() + 5000;
    for (;;) {
      const reply = frames.find((f) => f.sid === sid && f.cid === cid && f.ser === serial);
      if (reply) return reply;
      if (Date.now() > until) throw new Error(`no reply to ${name}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const account = demoAccounts[index]!;
  const login = await call('login', {
    appKey,
    account: account.accid,
    token: account.token,
    clientType: 16,
    os: 'test',
    sdkVersion: 1,
    protocolVersion: 1,
    deviceId: `raw-${index}`,
    appLogin: 0,
  });
  expect(login.code).toBe(200);
  return { call, close: () => socket.close() };
}

describe('limits the server enforces on raw frames', () => {
  it('getUsers: 150 accounts are answered, 151 are refused with 414', async () => {
    const raw = await rawLogin(0);
    const accounts = ['demo2', 'demo3', ...Array.from({ length: 148 }, (_, i) => `ghost${i}`)];
    const ok = await raw.call('getUsers', { accounts });
    expect(ok.code).toBe(200);
    expect((ok.body!.users as { account: string }[]).map((u) => u.account).sort()).toEqual([
      'demo2',
      'demo3',
    ]);
    const refused = await raw.call('getUsers', { accounts: [...accounts, 'ghost-extra'] });
    expect(refused.code).toBe(414);
    expect(refused.body?.users).toBeUndefined();
    raw.close();
  });

  it('team ps: 5000 characters reach the owner, 5001 are refused with 414 and store nothing', async () => {
    const owner = await suite.client(1);
    const { team } = await owner.nim.createTeam({
      type: 'advanced',
      name: '申请群',
      joinMode: 'needVerify',
    });
    const raw = await rawLogin(0);

    const tooLong = await raw.call('applyTeam', { teamId: team.teamId, ps: '申'.repeat(5001) });
    expect(tooLong.code).toBe(414);
    const invite = await raw.call('addTeamMembers', {
      teamId: team.teamId,
      accounts: ['demo3'],
      ps: 'x'.repeat(5001),
    });
    expect(invite.code).toBe(414);

    const applied = await raw.call('applyTeam', { teamId: team.teamId, ps: '申'.repeat(5000) });
    expect(applied.code).toBe(200);
    expect(applied.body).toMatchObject({ joined: false });
    const sysMsg = await owner.events.next<SysMsg>('sysmsg');
    expect(sysMsg).toMatchObject({ type: 'applyTeam', from: 'demo1' });
    expect(sysMsg.ps).toHaveLength(5000);
    // Only the accepted application was stored.
    await owner.nim.getServerTime();
    expect(owner.events.all<SysMsg>('sysmsg')).toHaveLength(1);

    const ownerRaw = await rawLogin(1);
    expect(
      (
        await ownerRaw.call('rejectTeamApply', {
          teamId: team.teamId,
          from: 'demo1',
          ps: 'n'.repeat(5001),
        })
      ).code,
    ).toBe(414);
    ownerRaw.close();
    raw.close();
  });

  it('friend request ps: 5001 characters are refused with 414', async () => {
    const raw = await rawLogin(0);
    expect(
      (await raw.call('friendRequest', { account: 'demo3', type: 2, ps: 'x'.repeat(5001) })).code,
    ).toBe(414);
    expect(
      (await raw.call('friendRequest', { account: 'demo3', type: 2, ps: 'x'.repeat(5000) })).code,
    ).toBe(200);
    raw.close();
  });
});
