// The callee's last two signalling calls through the official NIM Web SDK, with the caller on our
// own SDK: signalingJoinAndAccept (join, then accept, in one call; answered with the channel) and
// signalingMarkMsgRead (an invitation kept for the callee is no longer delivered at its later
// logins once marked, whether it heard it live or at login). Shapes as NIM's dist/types declare
// them (SignalingInterface.d.ts: NIMSignalingChannel, NIMSignalingNotify with its msgid).
import { describe, expect, it } from 'vitest';
import type { SignalingNotify } from '@morsel/im-sdk';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call, type OfficialClient } from './official-sdk.ts';

type Item = Record<string, unknown>;
interface NimNotify extends Item {
  eventType: string;
  msgid: string;
  requestId?: string;
}

const signal = <T = void>(client: OfficialClient, method: string, options: object) =>
  (client.nim[method] as (o: object) => Promise<T>)(options);

async function notified(client: OfficialClient, eventType: string): Promise<NimNotify> {
  for (;;) {
    const notify = (await client.next('signalingNotify')) as NimNotify;
    if (notify.eventType === eventType) return notify;
  }
}

/** Logs the official client out and in again; what its new sync delivered. */
async function loginAgain(client: OfficialClient) {
  await new Promise<void>((resolve) => client.nim.disconnect({ done: () => resolve() }));
  client.seen.splice(0);
  client.nim.connect!();
  await client.next('syncdone');
  return client.seen
    .filter((e) => e.name === 'signalingUnreadMessageSyncNotify')
    .flatMap((e) => e.value as NimNotify[]);
}

describe('signalling answers through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('joins and accepts an invitation in one call', async () => {
    const callee = await official('nim-sig-ja');
    const dave = await connectClient(suite.server, 0);
    ours.push(dave.nim);
    const channel = await dave.nim.signalingCall({
      type: 2,
      requestId: 'ja-1',
      account: 'nim-sig-ja',
      uid: 3,
    });
    await notified(callee, 'INVITE');

    const joined = await signal<Item>(callee, 'signalingJoinAndAccept', {
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'ja-1',
      uid: 4,
      attachExt: '马上到',
    });
    expect(joined).toMatchObject({
      channelId: channel.channelId,
      type: '2',
      creator: 'demo1',
      members: expect.arrayContaining([
        expect.objectContaining({ accid: 'demo1', uid: '3' }),
        expect.objectContaining({ accid: 'nim-sig-ja', uid: '4' }),
      ]),
    });
    // The caller hears the join, then the accept.
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ROOM_JOIN',
      from: 'nim-sig-ja',
      member: { accid: 'nim-sig-ja', uid: 4 },
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'ACCEPT',
      from: 'nim-sig-ja',
      attach: '马上到',
    });

    // No invitation (or one answered already): refused before joining, NIM's names for it.
    await expect(
      signal(callee, 'signalingJoinAndAccept', {
        channelId: channel.channelId,
        account: 'demo1',
        requestId: 'ja-1',
      }),
    ).rejects.toMatchObject({ code: 10410 });
    const other = await dave.nim.signalingCreate({ type: 1 });
    await expect(
      signal(callee, 'signalingJoinAndAccept', {
        channelId: other.channelId,
        account: 'demo1',
        requestId: 'never-sent',
      }),
    ).rejects.toMatchObject({ code: 10408 });
    const info = await dave.nim.signalingGetChannelInfo({ channelName: other.channelName });
    expect(info.members).toEqual([]);
  });

  it('marks invitations read so that later logins no longer deliver them', async () => {
    const dave = await connectClient(suite.server, 0);
    ours.push(dave.nim);
    const account = await suite.newAccount('nim-sig-mark');
    const channel = await dave.nim.signalingCreate({ type: 2 });
    await dave.nim.signalingJoin({ channelId: channel.channelId });
    const invite = (requestId: string) =>
      dave.nim.signalingInvite({
        channelId: channel.channelId,
        account: account.accid,
        requestId,
        offlineEnabled: true,
      });

    // One kept while the callee is away (delivered at login), one heard live.
    await invite('kept-away');
    const callee = await official(account);
    const atLogin = callee.seen.find((e) => e.name === 'signalingUnreadMessageSyncNotify')
      ?.value as NimNotify[];
    expect(atLogin.map((n) => n.requestId)).toEqual(['kept-away']);
    await invite('kept-live');
    const live = await notified(callee, 'INVITE');
    // NIM's SDK names a live notification by the id of NIM's notify envelope.
    expect(live).toMatchObject({ requestId: 'kept-live', msgid: expect.stringMatching(/^\w+$/) });
    expect(live.msgid).not.toBe(atLogin[0]!.msgid);

    // Unmarked, both come again at the next login.
    expect((await loginAgain(callee)).map((n) => n.requestId)).toEqual(['kept-away', 'kept-live']);

    // Marked read (NIM's batchMarkRead has no answer: the next command's answer follows it).
    await signal(callee, 'signalingMarkMsgRead', { msgid: [atLogin[0]!.msgid, live.msgid] });
    await call(callee.nim, 'getServerTime');
    expect(await loginAgain(callee)).toEqual([]);
    // Still answerable: marking read is not answering.
    await signal(callee, 'signalingReject', {
      channelId: channel.channelId,
      account: 'demo1',
      requestId: 'kept-live',
    });
    expect(await dave.events.next<SignalingNotify>('signalingNotify')).toMatchObject({
      eventType: 'REJECT',
      from: 'nim-sig-mark',
    });
  });
});
