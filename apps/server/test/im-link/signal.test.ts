// Call signalling on the wire (service 15), on both engines: the whole flow of document 2 section 4
// between two and three accounts, a second device of the callee, an offline callee, and every
// signalling code the rules answer. Raw clients speak the commands; the SDK's signalling manager
// has its own tests.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, PushName, PushParams } from '@morsel/protocol';
import { COMMANDS } from '@morsel/protocol';
import { forEachEngine, startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient, type RawClient } from './raw-client.ts';

const MEMBERS_PER_CHANNEL = 3;

interface Device {
  raw: RawClient;
  /** Every push of `name` received so far. */
  pushes<N extends PushName>(name: N): PushParams<N>[];
  /** Waits for the `count`-th push of `name`. */
  next<N extends PushName>(name: N, count?: number): Promise<PushParams<N>>;
  call(name: Parameters<RawClient['call']>[0], body?: unknown): Promise<Frame>;
}

let channelSeq = 0;
const uniqueName = (prefix: string) => `${prefix}-${++channelSeq}`;

await forEachEngine('call signalling', (engine) => {
  let server: TestServer;
  let drop: () => Promise<void> = async () => {};
  const opened: RawClient[] = [];
  /** A fourth account, beyond the three demo ones: the member limit needs one more. */
  let fourth: { accid: string; token: string };

  beforeAll(async () => {
    const database = await engine.freshDatabase();
    drop = database.drop;
    server = await startTestServer(
      { imCommandsPerSecond: 10_000, ...database.config },
      { imSignalLimits: { membersPerChannel: MEMBERS_PER_CHANNEL } },
    );
    const { appKey } = server.server.seeded;
    fourth = await server.server.imAccounts.create({ appKey, accid: 'caller4' });
  });
  // Each test starts with every account offline (a device left open would answer for it).
  afterEach(() => {
    for (const raw of opened.splice(0)) raw.close();
  });
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  /** Logs in demo account `index` (0, 1, 2; 3 is caller4) from a new device and runs its sync. */
  const device = async (index: number): Promise<Device> => {
    const raw = await rawClient(server);
    opened.push(raw);
    const account = index === 3 ? fourth : server.server.seeded.demoAccounts[index]!;
    const login = await raw.login(account);
    expect(login.code).toBe(200);
    expect((await raw.call('sync', { timetags: {} })).code).toBe(200);
    const pushes = <N extends PushName>(name: N) =>
      raw.frames
        .filter((f) => f.ser === 0 && f.sid === COMMANDS[name].sid && f.cid === COMMANDS[name].cid)
        .map((f) => f.body as PushParams<N>);
    return {
      raw,
      pushes,
      async next(name, count = 1) {
        await raw.waitFor(() => pushes(name).length >= count);
        return pushes(name)[count - 1]!;
      },
      call: (name, body) => raw.call(name, body),
    };
  };

  const body = <T>(frame: Frame): T => {
    expect(frame.code, JSON.stringify(frame.body)).toBe(200);
    return frame.body as T;
  };
  type Channel = PushParams<'signalingChannelsSync'>['channels'][number];

  /** demo1 opens a channel and joins it with uid 1. */
  const openCall = async (caller: Device) => {
    const channelName = uniqueName('call');
    const created = body<Channel>(await caller.call('signalingCreate', { type: 2, channelName }));
    body(await caller.call('signalingJoin', { channelId: created.channelId, uid: 1 }));
    return created;
  };

  describe('the call flow', () => {
    it('invites, rings every device of the callee, accepts with auto-join, and tells the other device', async () => {
      const caller = await device(0);
      const phone = await device(1);
      const tablet = await device(1);
      const channel = await openCall(caller);
      expect(channel).toMatchObject({ type: 2, creator: 'demo1', members: [] });

      body(
        await caller.call('signalingInvite', {
          channelId: channel.channelId,
          account: 'demo2',
          requestId: 'r1',
          attachExt: '{"call":"video"}',
        }),
      );
      for (const callee of [phone, tablet])
        expect(await callee.next('signalingNotify')).toMatchObject({
          eventType: 'INVITE',
          channelId: channel.channelId,
          channelName: channel.channelName,
          from: 'demo1',
          to: 'demo2',
          requestId: 'r1',
          attachExt: '{"call":"video"}',
        });

      const accepted = body<{ channel: Channel }>(
        await phone.call('signalingAccept', {
          channelId: channel.channelId,
          account: 'demo1',
          requestId: 'r1',
          autoJoin: true,
          uid: 2,
        }),
      );
      expect(accepted.channel.members.map((m) => [m.accid, m.uid])).toEqual([
        ['demo1', 1],
        ['demo2', 2],
      ]);
      expect(await caller.next('signalingNotify')).toMatchObject({
        eventType: 'ACCEPT',
        from: 'demo2',
        requestId: 'r1',
      });
      expect(await caller.next('signalingNotify', 2)).toMatchObject({
        eventType: 'ROOM_JOIN',
        member: { accid: 'demo2', uid: 2 },
      });
      expect(await tablet.next('signalingMultiClientSync')).toMatchObject({
        eventType: 'ACCEPT',
        from: 'demo2',
        requestId: 'r1',
      });
      expect(phone.pushes('signalingMultiClientSync')).toEqual([]);

      const invitation = { channelId: channel.channelId, account: 'demo1', requestId: 'r1' };
      expect((await tablet.call('signalingReject', invitation)).code).toBe(9103);
      expect((await phone.call('signalingAccept', invitation)).code).toBe(10410);

      body(await phone.call('signalingLeave', { channelId: channel.channelId }));
      expect(await caller.next('signalingNotify', 3)).toMatchObject({
        eventType: 'LEAVE',
        member: { accid: 'demo2' },
      });
      body(await caller.call('signalingClose', { channelId: channel.channelId }));
      expect(
        (await caller.call('signalingGetChannelInfo', { channelName: channel.channelName })).code,
      ).toBe(10404);
      expect((await caller.call('signalingJoin', { channelId: channel.channelId })).code).toBe(
        10404,
      );
    });

    it('rejects, and answers an answered or cancelled invitation with its code', async () => {
      const caller = await device(0);
      const callee = await device(1);
      const channel = await openCall(caller);
      const invite = (requestId: string) =>
        caller.call('signalingInvite', {
          channelId: channel.channelId,
          account: 'demo2',
          requestId,
        });
      body(await invite('a'));
      body(
        await callee.call('signalingReject', {
          channelId: channel.channelId,
          account: 'demo1',
          requestId: 'a',
          attachExt: 'busy',
        }),
      );
      expect(await caller.next('signalingNotify')).toMatchObject({
        eventType: 'REJECT',
        attachExt: 'busy',
      });
      const answerA = { channelId: channel.channelId, account: 'demo1', requestId: 'a' };
      expect((await callee.call('signalingReject', answerA)).code).toBe(10409);
      expect((await callee.call('signalingAccept', answerA)).code).toBe(10409);

      body(await invite('b'));
      const cancelB = { channelId: channel.channelId, account: 'demo2', requestId: 'b' };
      body(await caller.call('signalingCancel', cancelB));
      expect(await callee.next('signalingNotify', 3)).toMatchObject({
        eventType: 'CANCEL_INVITE',
        requestId: 'b',
      });
      expect((await caller.call('signalingCancel', cancelB)).code).toBe(10408);
      expect(
        (
          await callee.call('signalingAccept', {
            channelId: channel.channelId,
            account: 'demo1',
            requestId: 'b',
          })
        ).code,
      ).toBe(10408);
      expect(
        (
          await callee.call('signalingAccept', {
            channelId: channel.channelId,
            account: 'demo1',
            requestId: 'never',
          })
        ).code,
      ).toBe(10408);
    });

    it('signalingCall creates, joins and invites in one', async () => {
      const caller = await device(0);
      const callee = await device(2);
      const channel = body<Channel>(
        await caller.call('signalingCall', {
          type: 1,
          requestId: 'call-1',
          account: 'demo3',
          uid: 7,
        }),
      );
      expect(channel.members).toEqual([expect.objectContaining({ accid: 'demo1', uid: 7 })]);
      expect(await callee.next('signalingNotify')).toMatchObject({
        eventType: 'INVITE',
        channelId: channel.channelId,
        type: 1,
        requestId: 'call-1',
      });
    });
  });

  describe('channels', () => {
    it('answers 10405 for a name in use, and getChannelInfo finds it with its members', async () => {
      const a = await device(0);
      const channel = await openCall(a);
      expect(
        (await a.call('signalingCreate', { type: 1, channelName: channel.channelName })).code,
      ).toBe(10405);
      const info = body<Channel>(
        await a.call('signalingGetChannelInfo', { channelName: channel.channelName }),
      );
      expect(info).toMatchObject({ channelId: channel.channelId, type: 2 });
      expect(info.members.map((m) => m.accid)).toEqual(['demo1']);
    });

    it('keeps one device per account in a channel, unique uids and the member limit', async () => {
      const first = await device(0);
      const second = await device(0);
      const channel = await openCall(first);
      const join = (d: Device, uid?: number) =>
        d.call('signalingJoin', {
          channelId: channel.channelId,
          ...(uid !== undefined && { uid }),
        });
      expect((await join(first)).code).toBe(10407);
      expect((await join(second)).code).toBe(10420);
      const b = await device(1);
      const c = await device(2);
      expect((await join(b, 1)).code).toBe(10417);
      body(await join(b, 2));
      body(await join(c, 0));
      expect(await first.next('signalingNotify', 2)).toMatchObject({
        eventType: 'ROOM_JOIN',
        member: { accid: 'demo3', uid: 0 },
      });
      body(await b.call('signalingLeave', { channelId: channel.channelId }));
      expect((await b.call('signalingLeave', { channelId: channel.channelId })).code).toBe(10406);
      body(await join(b, 2));
      const full = body<Channel>(
        await first.call('signalingGetChannelInfo', { channelName: channel.channelName }),
      );
      expect(full.members).toHaveLength(MEMBERS_PER_CHANNEL);
      expect((await join(await device(3), 9)).code).toBe(10419);
    });

    it('delays a channel for its members only, and closing tells the members', async () => {
      const a = await device(0);
      const b = await device(1);
      const outsider = await device(2);
      const channel = await openCall(a);
      body(await b.call('signalingJoin', { channelId: channel.channelId }));
      expect((await outsider.call('signalingDelay', { channelId: channel.channelId })).code).toBe(
        10406,
      );
      expect((await outsider.call('signalingClose', { channelId: channel.channelId })).code).toBe(
        10406,
      );
      const delayed = body<Channel>(
        await b.call('signalingDelay', { channelId: channel.channelId }),
      );
      expect(delayed.channelExpireTime).toBeGreaterThanOrEqual(channel.channelExpireTime);
      body(await a.call('signalingClose', { channelId: channel.channelId, attachExt: 'bye' }));
      expect(await b.next('signalingNotify')).toMatchObject({
        eventType: 'ROOM_CLOSE',
        from: 'demo1',
        attachExt: 'bye',
      });
      expect(outsider.pushes('signalingNotify')).toEqual([]);
    });

    it('control goes to one member or all, and answers 11001 for one that is offline', async () => {
      const a = await device(0);
      const b = await device(1);
      const c = await device(2);
      const channel = await openCall(a);
      body(await b.call('signalingJoin', { channelId: channel.channelId }));
      body(await c.call('signalingJoin', { channelId: channel.channelId }));
      body(await a.call('signalingControl', { channelId: channel.channelId, attachExt: 'mute' }));
      for (const d of [b, c])
        await d.raw.waitFor(() =>
          d.pushes('signalingNotify').some((n) => n.eventType === 'CONTROL' && n.from === 'demo1'),
        );
      body(
        await a.call('signalingControl', {
          channelId: channel.channelId,
          account: 'demo3',
          attachExt: 'just you',
        }),
      );
      await c.raw.waitFor(() =>
        c.pushes('signalingNotify').some((n) => n.attachExt === 'just you'),
      );
      expect(b.pushes('signalingNotify').some((n) => n.attachExt === 'just you')).toBe(false);
      c.raw.close();
      await a.raw.waitFor(() => c.raw.isClosed());
      // The server notices the closed socket; until then the member counts as online.
      let code = 200;
      for (let i = 0; i < 100 && code !== 11001; i++) {
        code = (
          await a.call('signalingControl', { channelId: channel.channelId, account: 'demo3' })
        ).code;
        if (code !== 11001) await new Promise((r) => setTimeout(r, 20));
      }
      expect(code).toBe(11001);
      const outsiderChannel = await openCall(b);
      expect(
        (await a.call('signalingControl', { channelId: outsiderChannel.channelId })).code,
      ).toBe(10406);
    });
  });

  describe('an offline callee', () => {
    it('answers 10201 unless the invitation is kept, 10202 when the asked push cannot reach it, and delivers kept ones at login', async () => {
      const caller = await device(0);
      const channel = await openCall(caller);
      // demo3 has no device open in this test; one closed by the previous test may still be
      // going offline, which the loop below waits out.
      const invite = (requestId: string, extra: object = {}) =>
        caller.call('signalingInvite', {
          channelId: channel.channelId,
          account: 'demo3',
          requestId,
          ...extra,
        });
      let code = 200;
      for (let i = 0; i < 100 && code !== 10201; i++) {
        code = (await invite('live-only')).code;
        if (code !== 10201) await new Promise((r) => setTimeout(r, 20));
      }
      expect(code).toBe(10201);
      body(await invite('kept', { offlineEnabled: true, attachExt: 'ring' }));
      expect(
        (
          await invite('kept-push', {
            offlineEnabled: true,
            pushInfo: { needPush: true, pushContent: '来电' },
          })
        ).code,
      ).toBe(10202);

      const callee = await device(2);
      const unread = callee.pushes('signalingUnreadSync');
      expect(unread).toHaveLength(1);
      expect(unread[0]!.notifies.map((n) => [n.eventType, n.requestId, n.from])).toEqual([
        ['INVITE', 'kept', 'demo1'],
        ['INVITE', 'kept-push', 'demo1'],
      ]);
      expect(unread[0]!.notifies[0]!.attachExt).toBe('ring');
      expect(unread[0]!.notifies[1]!.pushInfo).toEqual({ needPush: true, pushContent: '来电' });
      body(
        await callee.call('signalingAccept', {
          channelId: channel.channelId,
          account: 'demo1',
          requestId: 'kept',
        }),
      );
      // Answered invitations are not offered again; the caller's new device learns its channel.
      const again = await device(2);
      expect(
        again.pushes('signalingUnreadSync').flatMap((u) => u.notifies.map((n) => n.requestId)),
      ).toEqual(['kept-push']);
      const callerAgain = await device(0);
      expect(
        callerAgain
          .pushes('signalingChannelsSync')
          .flatMap((s) => s.channels.map((c) => c.channelId)),
      ).toContain(channel.channelId);
    });

    it('answers 9102 for an invitation whose channel was closed', async () => {
      const caller = await device(0);
      const callee = await device(1);
      const channel = await openCall(caller);
      body(
        await caller.call('signalingInvite', {
          channelId: channel.channelId,
          account: 'demo2',
          requestId: 'late',
        }),
      );
      body(await caller.call('signalingClose', { channelId: channel.channelId }));
      expect(
        (
          await callee.call('signalingAccept', {
            channelId: channel.channelId,
            account: 'demo1',
            requestId: 'late',
          })
        ).code,
      ).toBe(9102);
    });
  });

  describe('who may invite whom', () => {
    it('refuses non-members, unknown accounts and members, and hides a blacklist', async () => {
      const caller = await device(0);
      const callee = await device(1);
      const channel = await openCall(caller);
      const invite = (from: Device, account: string, requestId: string, extra: object = {}) =>
        from.call('signalingInvite', {
          channelId: channel.channelId,
          account,
          requestId,
          ...extra,
        });
      expect((await invite(callee, 'demo1', 'x')).code).toBe(10406);
      expect((await invite(caller, 'nobody-here', 'x')).code).toBe(404);
      expect((await invite(caller, 'demo1', 'x')).code).toBe(10407);

      body(await callee.call('markInBlacklist', { account: 'demo1', isAdd: true }));
      expect((await invite(caller, 'demo2', 'blocked')).code).toBe(10201);
      body(await invite(caller, 'demo2', 'blocked-kept', { offlineEnabled: true }));
      body(await callee.call('markInBlacklist', { account: 'demo1', isAdd: false }));
      body(await invite(caller, 'demo2', 'after'));
      await callee.next('signalingNotify');
      expect(callee.pushes('signalingNotify').map((n) => n.requestId)).toEqual(['after']);
    });

    it('validates parameters against the table (414)', async () => {
      const a = await device(0);
      expect((await a.call('signalingCreate', { type: 4 })).code).toBe(414);
      expect((await a.call('signalingCreate', {})).code).toBe(414);
      expect((await a.call('signalingInvite', { channelId: 'c', account: 'demo2' })).code).toBe(
        414,
      );
      expect((await a.call('signalingGetChannelInfo', { channelName: '' })).code).toBe(414);
    });
  });
});
