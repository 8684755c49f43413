// Robots as far as NIM's Web SDK 9.21.12 has them (decision 0048): `getRobots` (a sync of robots
// that finds none: Morsel keeps no directory of NetEase's bot platform) and robot messages
// (type 11, `sendRobotMsg`), carried between accounts both ways with a client of our SDK, the
// robot's part in NIM's attach layout (`content: {robotAccid, param: {type, content}}`). A robot
// is an account an app's own bot logs in as; the server answers nothing in its name.
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Msg = Record<string, unknown>;

describe('robots through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('sends a robot message to a bot account of our SDK and reads its answer', async () => {
    const alice = await official('nim-robot-user');
    const bot = await connectClient(suite.server, 1);
    ours.push(bot.nim);

    const sent = await call<Msg>(alice.nim, 'sendRobotMsg', {
      scene: 'p2p',
      to: 'demo2',
      robotAccid: 'demo2',
      content: { type: 'text', content: '今天有什么优惠？' },
    });
    expect(sent).toMatchObject({ type: 'robot', status: 'success', to: 'demo2' });
    const asked = await bot.events.next<Msg>('msg');
    expect(asked).toMatchObject({
      type: 11,
      from: 'nim-robot-user',
      robot: { robotAccid: 'demo2', type: 'text', content: '今天有什么优惠？' },
    });

    // The bot answers with a robot message of its own, as NIM's robots did.
    await bot.nim.sendRobotMsg({
      scene: 'p2p',
      to: 'nim-robot-user',
      robotAccid: 'demo2',
      content: { type: 'text', content: '满100减20' },
    });
    const answer = (await alice.next('msg')) as Msg;
    expect(answer).toMatchObject({
      type: 'robot',
      from: 'demo2',
      flow: 'in',
      text: '满100减20',
      content: { robotAccid: 'demo2', param: { type: 'text', content: '满100减20' } },
    });
  });

  it('answers getRobots with no robots', async () => {
    const robotLists: unknown[] = [];
    const alice = await official('nim-robot-list', {
      extra: { onrobots: (robots: unknown) => robotLists.push(robots) },
    });
    // NIM's SDK asks by a sync of robots only and hands robots to onrobots when there are any:
    // the sync ends (its done, without error) and onrobots is never called.
    await call<unknown>(alice.nim, 'getRobots');
    await call(alice.nim, 'getServerTime');
    expect(robotLists).toEqual([]);
  });
});
