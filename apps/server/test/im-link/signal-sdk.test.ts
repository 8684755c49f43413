// Call signalling through the real SDK, as an application uses it: NIM's method names and the
// four events of `nim.on`, between a caller, a callee with two devices, and a callee who was
// offline. The wire rules and every code are in signal.test.ts.
import { describe, expect, it } from 'vitest';
import type { SignalingChannel, SignalingNotify } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

describe('signalling through the SDK', () => {
  it('calls, rings both devices, accepts with auto-join and stops the other device ringing', async () => {
    const caller = await client(0);
    const phone = await client(1, { deviceId: 'phone' });
    const tablet = await client(1, { deviceId: 'tablet' });

    const channel = await caller.nim.signalingCall({
      type: 2,
      requestId: 'call-1',
      account: 'demo2',
      uid: 11,
      attachExt: '{"scene":"客服"}',
    });
    expect(channel.members.map((m) => m.accid)).toEqual(['demo1']);
    for (const callee of [phone, tablet])
      expect(await callee.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
        eventType: 'INVITE',
        channelId: channel.channelId,
        from: 'demo1',
        requestId: 'call-1',
        attach: '{"scene":"客服"}',
      });

    const joined = await phone.nim.signalingAccept({
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'call-1',
      autoJoin: true,
      uid: 22,
    });
    expect(joined?.members.map((m) => [m.accid, m.uid])).toEqual([
      ['demo1', 11],
      ['demo2', 22],
    ]);
    expect(await caller.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ACCEPT',
      from: 'demo2',
    });
    expect(
      await tablet.events.next<SignalingNotify>('signalingMutilClientSyncNotify'),
    ).toMatchObject({ eventType: 'ACCEPT', requestId: 'call-1' });
    await expect(
      tablet.nim.signalingReject({
        channelId: channel.channelId,
        account: 'demo1',
        requestId: 'call-1',
      }),
    ).rejects.toMatchObject({ code: 9103 });

    await caller.nim.signalingClose({ channelId: channel.channelId });
    await phone.events.until(() =>
      phone.events
        .all<SignalingNotify>('signalingNotify')
        .some((n) => n.eventType === 'ROOM_CLOSE'),
    );
  });

  it('answers the existing channel for a name in use, as NIM does', async () => {
    const a = await client(0);
    const b = await client(1);
    const created = await a.nim.signalingCreate({ type: 1, channelName: 'shop-live' });
    await b.nim.signalingJoin({ channelId: created.channelId });
    const again = await b.nim.signalingCreate({ type: 1, channelName: 'shop-live' });
    expect(again.channelId).toBe(created.channelId);
    expect(again.members.map((m) => m.accid)).toEqual(['demo2']);
  });

  it('tells an offline callee at login, and a returning member its channels', async () => {
    const caller = await client(0);
    const channel = await caller.nim.signalingCreate({ type: 1 });
    await caller.nim.signalingJoin({ channelId: channel.channelId });
    await expect(
      caller.nim.signalingInvite({
        channelId: channel.channelId,
        account: 'demo3',
        requestId: 'x',
      }),
    ).rejects.toMatchObject({ code: 10201 });
    await caller.nim.signalingInvite({
      channelId: channel.channelId,
      account: 'demo3',
      requestId: 'kept',
      offlineEnabled: true,
    });

    const callee = await client(2);
    const [unread] = callee.events.all<SignalingNotify[]>('signalingUnreadMessageSyncNotify');
    expect(unread).toEqual([
      expect.objectContaining({ eventType: 'INVITE', requestId: 'kept', from: 'demo1' }),
    ]);
    await callee.nim.signalingReject({
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'kept',
    });

    const callerAgain = await client(0, { deviceId: 'second' });
    const [channels] = callerAgain.events.all<SignalingChannel[]>('signalingChannelsSyncNotify');
    expect(channels?.map((c) => c.channelId)).toEqual([channel.channelId]);
  });
});
