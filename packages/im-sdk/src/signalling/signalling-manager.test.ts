// The signalling manager alone, on a fake context: NIM's four events from the four pushes (with
// NIM's flat notification shape) with on, once and off, the create that falls back to the existing channel on 10405,
// and accept's channel when it auto-joined.
import { describe, expect, it } from 'vitest';
import { ImError } from '@morsel/protocol';
import { fakeContext } from '../test-context.ts';
import { SignallingManager, type SignalingChannel } from './signalling-manager.ts';

const channel: SignalingChannel = {
  type: 1,
  channelName: 'room',
  channelId: 'c1',
  channelCreateTime: 1,
  channelExpireTime: 2,
  creator: 'alice',
  members: [{ accid: 'alice', uid: 1, createTime: 1, expireTime: 2 }],
};
const wireNotify = {
  eventType: 'INVITE' as const,
  msgid: 'm1',
  time: 5,
  type: 1,
  channelName: 'room',
  channelId: 'c1',
  channelCreateTime: 1,
  channelExpireTime: 2,
  creator: 'alice',
  from: 'alice',
  to: 'me',
  requestId: 'r1',
  attachExt: '{"kind":"video"}',
  pushInfo: { needPush: true, pushContent: '来电' },
};

describe('SignallingManager', () => {
  it("raises NIM's four events from the pushes, with the notification flattened as NIM's", () => {
    const context = fakeContext();
    const signalling = new SignallingManager(context);
    const seen: [string, unknown][] = [];
    signalling.events.on('signalingNotify', (n) => seen.push(['notify', n]));
    signalling.events.on('signalingMutilClientSyncNotify', (n) => seen.push(['multi', n]));
    signalling.events.on('signalingUnreadMessageSyncNotify', (n) => seen.push(['unread', n]));
    signalling.events.on('signalingChannelsSyncNotify', (c) => seen.push(['channels', c]));

    context.push('signalingNotify', wireNotify);
    context.push('signalingMultiClientSync', { ...wireNotify, eventType: 'ACCEPT' });
    context.push('signalingUnreadSync', { notifies: [wireNotify] });
    context.push('signalingChannelsSync', { channels: [channel] });

    const flat = {
      eventType: 'INVITE',
      msgid: 'm1',
      channelId: 'c1',
      from: 'alice',
      to: 'me',
      requestId: 'r1',
      attach: '{"kind":"video"}',
      needPush: true,
      pushContent: '来电',
    };
    expect(seen.map(([kind]) => kind)).toEqual(['notify', 'multi', 'unread', 'channels']);
    expect(seen[0]![1]).toMatchObject(flat);
    expect(seen[0]![1]).not.toHaveProperty('attachExt');
    expect(seen[0]![1]).not.toHaveProperty('pushInfo');
    expect(seen[1]![1]).toMatchObject({ ...flat, eventType: 'ACCEPT' });
    expect(seen[2]![1]).toEqual([expect.objectContaining(flat)]);
    expect(seen[3]![1]).toEqual([channel]);
  });

  it('calls a once handler once, and off removes one handler or, without one, all', () => {
    const context = fakeContext();
    const signalling = new SignallingManager(context);
    const seen: string[] = [];
    const first = () => seen.push('first');
    signalling.events.on('signalingNotify', first);
    signalling.events.on('signalingNotify', () => seen.push('second'));
    signalling.events.once('signalingNotify', () => seen.push('once'));
    context.push('signalingNotify', wireNotify);
    context.push('signalingNotify', wireNotify);
    expect(seen).toEqual(['first', 'second', 'once', 'first', 'second']);
    signalling.events.off('signalingNotify', first);
    context.push('signalingNotify', wireNotify);
    expect(seen.slice(5)).toEqual(['second']);
    signalling.events.off('signalingNotify');
    context.push('signalingNotify', wireNotify);
    expect(seen).toHaveLength(6);
  });

  it('answers the existing channel when the name is taken (10405), and fails otherwise', async () => {
    const context = fakeContext({
      signalingCreate: ({ channelName }) => {
        if (channelName === 'room') throw new ImError(10405);
        throw new ImError(414, 'type: bad');
      },
      signalingGetChannelInfo: ({ channelName }) => ({ ...channel, channelName }),
    });
    const signalling = new SignallingManager(context);
    expect(await signalling.signalingCreate({ type: 1, channelName: 'room' })).toEqual(channel);
    expect(context.sentNames()).toEqual(['signalingCreate', 'signalingGetChannelInfo']);
    await expect(
      signalling.signalingCreate({ type: 1, channelName: 'other' }),
    ).rejects.toMatchObject({ code: 414 });
  });

  it("resolves accept with the channel it auto-joined, and calls NIM's done", async () => {
    const context = fakeContext({
      signalingAccept: ({ autoJoin }) => (autoJoin ? { channel } : {}),
    });
    const signalling = new SignallingManager(context);
    const invitation = { channelId: 'c1', account: 'alice', requestId: 'r1' };
    expect(await signalling.signalingAccept({ ...invitation, autoJoin: true })).toEqual(channel);
    const done: unknown[][] = [];
    await signalling.signalingAccept({ ...invitation, done: (...args) => void done.push(args) });
    expect(done).toEqual([[null, undefined]]);
  });
});
