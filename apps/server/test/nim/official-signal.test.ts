// Call signalling through the official NIM Web SDK, with clients of our own SDK on the other end:
// calls both ways (invite, accept, reject, cancel, control, leave, close), NIM's one-step calls,
// channel info and delay, NIM's error names, and an invitation kept for an official client that
// was offline, delivered at its login. Shapes as NIM's dist/types declare them
// (SignalingInterface.d.ts: NIMSignalingChannel and NIMSignalingNotify, numbers as text).
import { describe, expect, it } from 'vitest';
import type { SignalingNotify } from '@morsel/im-sdk';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import type { OfficialClient } from './official-sdk.ts';

interface NimChannel {
  type: string;
  channelName: string;
  channelId: string;
  channelCreateTime: string;
  channelExpireTime: string;
  creator: string;
  members?: { accid: string; uid: string; createTime: string; expireTime: string }[];
}
interface NimNotify extends Omit<NimChannel, 'members'> {
  eventType: string;
  from: string;
  to?: string;
  requestId?: string;
  attach?: string;
  attachExt?: string;
  members?: NimChannel['members'];
}

/** The official SDK's signalling methods return promises (SignalingInterface.d.ts). */
const signal = <T = void>(client: OfficialClient, method: string, options: object) =>
  (client.nim[method] as (o: object) => Promise<T>)(options);

/** The next signallingNotify of one event type (others before it are skipped). */
async function notified(client: OfficialClient, eventType: string): Promise<NimNotify> {
  for (;;) {
    const notify = (await client.next('signalingNotify')) as NimNotify;
    if (notify.eventType === eventType) return notify;
  }
}

const CHANNEL_SHAPE = {
  type: expect.any(String),
  channelName: expect.any(String),
  channelId: expect.stringMatching(/^\w+$/),
  channelCreateTime: expect.stringMatching(/^\d+$/),
  channelExpireTime: expect.stringMatching(/^\d+$/),
  creator: expect.any(String),
};

describe('signalling through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('calls a client of our SDK, which accepts, joins, hears control and leaves', async () => {
    const alice = await official('nim-sig-caller');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);

    const created = await signal<NimChannel>(alice, 'signalingCreate', {
      type: 2,
      channelName: 'nim-sig-room-1',
      ext: '{"shop":"旗舰店"}',
    });
    expect(created).toMatchObject({
      ...CHANNEL_SHAPE,
      type: '2',
      channelName: 'nim-sig-room-1',
      creator: 'nim-sig-caller',
      ext: '{"shop":"旗舰店"}',
    });
    const joined = await signal<NimChannel>(alice, 'signalingJoin', {
      channelId: created.channelId,
      uid: 11,
    });
    expect(joined.members).toEqual([
      {
        accid: 'nim-sig-caller',
        uid: '11',
        createTime: expect.stringMatching(/^\d+$/),
        expireTime: expect.stringMatching(/^\d+$/),
      },
    ]);
    // Joining again: NIM's code and its name for it.
    await expect(
      signal(alice, 'signalingJoin', { channelId: created.channelId }),
    ).rejects.toMatchObject({ code: 10407, message: 'ROOM_MEMBER_HAS_EXISTS' });

    await signal(alice, 'signalingInvite', {
      channelId: created.channelId,
      account: 'demo2',
      requestId: 'nim-call-1',
      attachExt: '{"scene":"客服"}',
      pushInfo: { pushContent: '来电' },
    });
    expect(await bob.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'INVITE',
      channelId: created.channelId,
      from: 'nim-sig-caller',
      requestId: 'nim-call-1',
      attach: '{"scene":"客服"}',
    });

    await bob.nim.signalingAccept({
      channelId: created.channelId,
      account: 'nim-sig-caller',
      requestId: 'nim-call-1',
      autoJoin: true,
      uid: 22,
    });
    const accepted = await notified(alice, 'ACCEPT');
    expect(accepted).toMatchObject({
      ...CHANNEL_SHAPE,
      channelId: created.channelId,
      from: 'demo2',
      to: 'nim-sig-caller',
      requestId: 'nim-call-1',
    });
    const roomJoin = await notified(alice, 'ROOM_JOIN');
    expect(roomJoin.members).toEqual([expect.objectContaining({ accid: 'demo2', uid: '22' })]);

    const info = await signal<NimChannel>(alice, 'signalingGetChannelInfo', {
      channelName: 'nim-sig-room-1',
    });
    expect(info.members?.map((m) => [m.accid, m.uid])).toEqual([
      ['nim-sig-caller', '11'],
      ['demo2', '22'],
    ]);
    const delayed = await signal<NimChannel>(alice, 'signalingDelay', {
      channelId: created.channelId,
    });
    expect(delayed).toMatchObject({ ...CHANNEL_SHAPE, channelId: created.channelId });

    await signal(alice, 'signalingControl', {
      channelId: created.channelId,
      account: 'demo2',
      attachExt: 'mute-please',
    });
    expect(await bob.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'CONTROL',
      from: 'nim-sig-caller',
      attach: 'mute-please',
    });
    await bob.nim.signalingControl({ channelId: created.channelId, attachExt: 'ok' });
    expect(await notified(alice, 'CONTROL')).toMatchObject({ from: 'demo2', attachExt: 'ok' });

    await bob.nim.signalingLeave({ channelId: created.channelId });
    const left = await notified(alice, 'LEAVE');
    expect(left).toMatchObject({ from: 'demo2' });
    await signal(alice, 'signalingClose', { channelId: created.channelId });
    await expect(
      signal(alice, 'signalingGetChannelInfo', { channelName: 'nim-sig-room-1' }),
    ).rejects.toMatchObject({ code: 10404, message: 'ROOM_NOT_EXISTS' });
  });

  it('is called by a client of our SDK: rings, accepts with auto-join, hears the close', async () => {
    const carol = await official('nim-sig-callee');
    const dave = await connectClient(suite.server, 0);
    ours.push(dave.nim);

    const channel = await dave.nim.signalingCall({
      type: 1,
      requestId: 'our-call-1',
      account: 'nim-sig-callee',
      uid: 5,
      attachExt: 'hello',
    });
    const invite = await notified(carol, 'INVITE');
    // NIMSignalingNotify: the channel's fields as text, the event's name, the sender's text.
    expect(invite).toMatchObject({
      ...CHANNEL_SHAPE,
      type: '1',
      channelId: channel.channelId,
      creator: 'demo1',
      from: 'demo1',
      to: 'nim-sig-callee',
      requestId: 'our-call-1',
      attachExt: 'hello',
    });

    await signal(carol, 'signalingAccept', {
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'our-call-1',
      autoJoin: true,
      uid: 6,
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ACCEPT',
      from: 'nim-sig-callee',
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ROOM_JOIN',
      from: 'nim-sig-callee',
    });

    await dave.nim.signalingClose({ channelId: channel.channelId });
    expect(await notified(carol, 'ROOM_CLOSE')).toMatchObject({
      channelId: channel.channelId,
      from: 'demo1',
    });
  });

  it('rejects and hears a cancelled invitation', async () => {
    const erin = await official('nim-sig-reject');
    const dave = await connectClient(suite.server, 0);
    ours.push(dave.nim);
    const channel = await dave.nim.signalingCreate({ type: 3 });
    await dave.nim.signalingJoin({ channelId: channel.channelId });

    const ring = { channelId: channel.channelId, account: 'nim-sig-reject' };
    await dave.nim.signalingInvite({ ...ring, requestId: 'r-1' });
    await notified(erin, 'INVITE');
    await signal(erin, 'signalingReject', {
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'r-1',
      attachExt: 'busy',
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'REJECT',
      from: 'nim-sig-reject',
      attach: 'busy',
    });

    await dave.nim.signalingInvite({ ...ring, requestId: 'r-2' });
    await notified(erin, 'INVITE');
    await dave.nim.signalingCancel({ ...ring, requestId: 'r-2' });
    expect(await notified(erin, 'CANCEL_INVITE')).toMatchObject({
      from: 'demo1',
      requestId: 'r-2',
    });
  });

  it("calls in one step with NIM's signalingCall and signalingCallEx", async () => {
    const frank = await official('nim-sig-onestep');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);

    const called = await signal<NimChannel>(frank, 'signalingCall', {
      type: 2,
      channelName: 'nim-sig-call',
      account: 'demo2',
      requestId: 'c-1',
      uid: 1,
    });
    // NIM's signalingCall resolves with its last step's answer: the invitation it sent.
    expect(called).toMatchObject({ channelId: CHANNEL_SHAPE.channelId, requestId: 'c-1' });
    expect(await bob.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'INVITE',
      requestId: 'c-1',
      from: 'nim-sig-onestep',
    });

    const callEx = await signal<NimChannel>(frank, 'signalingCallEx', {
      type: 1,
      channelName: 'nim-sig-call-ex',
      account: 'demo2',
      requestId: 'c-2',
      uid: 2,
    });
    expect(callEx).toMatchObject({ ...CHANNEL_SHAPE, channelName: 'nim-sig-call-ex' });
    expect(callEx.members?.map((m) => m.accid)).toEqual(['nim-sig-onestep']);
    expect(await bob.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'INVITE',
      requestId: 'c-2',
      channelId: callEx.channelId,
    });
  });

  it('gets an invitation kept while it was offline at login', async () => {
    const dave = await connectClient(suite.server, 0);
    ours.push(dave.nim);
    const account = await suite.newAccount('nim-sig-offline');
    const channel = await dave.nim.signalingCreate({ type: 2, channelName: 'nim-sig-later' });
    await dave.nim.signalingJoin({ channelId: channel.channelId });
    await dave.nim.signalingInvite({
      channelId: channel.channelId,
      account: account.accid,
      requestId: 'kept-1',
      offlineEnabled: true,
      attachExt: 'while you were out',
    });

    const grace = await official(account);
    const unread = grace.seen.find((e) => e.name === 'signalingUnreadMessageSyncNotify')?.value as
      NimNotify[] | undefined;
    expect(unread).toEqual([
      expect.objectContaining({
        ...CHANNEL_SHAPE,
        eventType: 'INVITE',
        channelId: channel.channelId,
        from: 'demo1',
        requestId: 'kept-1',
        attachExt: 'while you were out',
      }),
    ]);
    await signal(grace, 'signalingAccept', {
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'kept-1',
      autoJoin: true,
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ACCEPT',
      from: 'nim-sig-offline',
    });
  });

  it('learns the channels it is in when it logs in again', async () => {
    const henry = await official('nim-sig-return');
    const channel = await signal<NimChannel>(henry, 'signalingCreate', {
      type: 1,
      channelName: 'nim-sig-return',
    });
    await signal(henry, 'signalingJoin', { channelId: channel.channelId, uid: 7 });

    await new Promise<void>((resolve) => henry.nim.disconnect({ done: () => resolve() }));
    henry.nim.connect!();
    await henry.next('syncdone');
    const channels = (await henry.next('signalingChannelsSyncNotify')) as NimChannel[];
    expect(channels).toEqual([
      expect.objectContaining({
        ...CHANNEL_SHAPE,
        channelId: channel.channelId,
        members: [expect.objectContaining({ accid: 'nim-sig-return', uid: '7' })],
      }),
    ]);
  });
});
