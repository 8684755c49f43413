// Signalling channels run out on the server's one clock: a channel lives two hours from its
// creation or its last delay, then answers 10404 and frees its name; its open invitations end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '@morsel/protocol';
import { ManualClock, startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient, type RawClient } from './raw-client.ts';

const HOUR = 60 * 60 * 1000;
const clock = new ManualClock(Date.now());
let server: TestServer;
const opened: RawClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ imCommandsPerSecond: 10_000 }, { clock });
});
afterAll(async () => {
  for (const raw of opened) raw.close();
  await server?.stop();
});

const device = async (index: number) => {
  const raw = await rawClient(server);
  opened.push(raw);
  expect((await raw.login(server.server.seeded.demoAccounts[index]!)).code).toBe(200);
  return raw;
};
const data = <T>(frame: Frame) => {
  expect(frame.code, JSON.stringify(frame.body)).toBe(200);
  return frame.body as T;
};

describe('channel lifetime', () => {
  it('expires two hours after creation unless delayed, freeing the name and ending invitations', async () => {
    const caller = await device(0);
    const callee = await device(1);
    const channel = data<{ channelId: string; channelExpireTime: number }>(
      await caller.call('signalingCreate', { type: 1, channelName: 'ttl-room' }),
    );
    expect(channel.channelExpireTime).toBe(clock.now() + 2 * HOUR);
    data(await caller.call('signalingJoin', { channelId: channel.channelId }));
    data(
      await caller.call('signalingInvite', {
        channelId: channel.channelId,
        account: 'demo2',
        requestId: 'r',
      }),
    );

    clock.advance(HOUR);
    const delayed = data<{ channelExpireTime: number }>(
      await caller.call('signalingDelay', { channelId: channel.channelId }),
    );
    expect(delayed.channelExpireTime).toBe(clock.now() + 2 * HOUR);

    clock.advance(2 * HOUR - 1);
    data(await caller.call('signalingGetChannelInfo', { channelName: 'ttl-room' }));
    clock.advance(1);
    expect((await caller.call('signalingGetChannelInfo', { channelName: 'ttl-room' })).code).toBe(
      10404,
    );
    expect(
      (
        await callee.call('signalingAccept', {
          channelId: channel.channelId,
          account: 'demo1',
          requestId: 'r',
        })
      ).code,
    ).toBe(9102);
    const again = data<{ channelId: string }>(
      await caller.call('signalingCreate', { type: 1, channelName: 'ttl-room' }),
    );
    expect(again.channelId).not.toBe(channel.channelId);
  });
});
