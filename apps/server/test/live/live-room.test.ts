// The live room (issue 23, docs/live-pages.md, decision 0052) over real HTTP on both engines, with
// real SDK Chatroom clients: the admin API makes a session whose chatroom the host owns; a guest
// and a member enter; likes are counted on the server and reach the room batched; only the host
// draws, only logged-in viewers in the room win, the prize is a campaign award ("中奖记录");
// the host mutes and kicks under the chatroom's rules; a session off air refuses likes and draws;
// the sample HLS stream is served.
import { Chatroom, type ChatroomMessage } from '@morsel/im-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from '../campaigns/helpers.ts';
import { LIKE_CALLS_PER_MINUTE } from '../../src/live/routes.ts';

const HOUR = 3600_000;

interface ImLogin {
  appKey: string;
  account: string;
  token: string;
}

interface Room {
  room: Chatroom;
  msgs: ChatroomMessage[];
  disconnects: { reason?: string }[];
}

const until = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 25 });

/** The room's custom messages of one type, their content parsed. */
function announcements(room: Room, type: string) {
  return room.msgs
    .filter((m) => m.type === 'custom')
    .map((m) => JSON.parse(m.content ?? '{}') as { type: string } & Record<string, unknown>)
    .filter((c) => c.type === type);
}

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`the live room (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let host: Shopper;
    let member: Shopper;
    let sessionId: number;
    let room: { appKey: string; chatroomId: string; addresses: string[] };
    const rooms: Chatroom[] = [];
    const entered: Record<'guest' | 'watcher' | 'host', Room> = {} as never;

    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      [host, member] = [await newShopper(s), await newShopper(s)];
    }, 60_000);
    afterAll(async () => {
      for (const r of rooms) await r.destroy().catch(() => {});
      await s?.stop();
      await cleanup();
    });

    const enter = async (
      who: { login: ImLogin } | { guest: string },
    ): Promise<Room & { entered: Promise<void> }> => {
      const entry: Room = { room: undefined as unknown as Chatroom, msgs: [], disconnects: [] };
      const chatroom = Chatroom.getInstance({
        appKey: room.appKey,
        chatroomId: room.chatroomId,
        chatroomAddresses: room.addresses,
        reconnectionAttempts: 0,
        ...('guest' in who
          ? { isAnonymous: true, chatroomNick: who.guest }
          : { account: who.login.account, token: who.login.token }),
        onconnect: () => {},
        onerror: () => {},
        onwillreconnect: () => {},
        ondisconnect: (info) => entry.disconnects.push(info),
        onmsgs: (msgs) => entry.msgs.push(...msgs),
      });
      rooms.push(chatroom);
      entry.room = chatroom;
      return { ...entry, entered: chatroom.connect() };
    };
    const imLogin = async (shopper: Shopper) =>
      data(await call<ImLogin>(s!.url, 'POST', '/api/chat/im-login', { ut: shopper.ut }));

    it('makes a session through the admin API only, with a known host and a sound window', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const now = s.clock.now();
      const body = {
        title: '新品坚果试吃',
        hostMobile: host.mobile,
        startsAt: now - HOUR,
        endsAt: now + HOUR,
        stream: 'sample:snack-studio',
      };
      const path = '/admin/api/live/sessions';
      expect((await call(s.url, 'POST', path, { body })).status).toBe(401);
      const unknown = await admin(s.url, 'POST', path, { ...body, hostMobile: '13912345678' });
      expect(unknown.body.code).toBe(65106);
      const backwards = await admin(s.url, 'POST', path, { ...body, endsAt: now - 2 * HOUR });
      expect(backwards.body.code).toBe(65109);
      const noSample = await admin(s.url, 'POST', path, { ...body, stream: 'sample:nope' });
      expect(noSample.body.code).toBe(65107);
      const made = await admin(s.url, 'POST', path, body);
      expect(made.status).toBe(201);
      sessionId = data(made).id;
      expect(data(made)).toMatchObject({ state: 'live', likes: 0, campaignId: 'live' });

      const list = data(await call(s.url, 'GET', '/api/live/sessions'));
      // On air first (the demo seed's session is on air too).
      expect(list.sessions.slice(0, 2)).toContainEqual(
        expect.objectContaining({ id: sessionId, state: 'live', hostNick: expect.any(String) }),
      );
    });

    it('tells the host from everyone else', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const path = `/api/live/sessions/${sessionId}`;
      const guest = data(await call(s.url, 'GET', path));
      expect(guest).toMatchObject({ loggedIn: false, isHost: false, prizes: [] });
      expect(guest.room.addresses).toEqual([s.url]);
      room = guest.room;
      const viewer = data(await call(s.url, 'GET', path, { ut: member.ut }));
      expect(viewer).toMatchObject({ loggedIn: true, isHost: false, prizes: [] });
      const hosting = data(await call(s.url, 'GET', path, { ut: host.ut }));
      expect(hosting.isHost).toBe(true);
      expect(hosting.prizes.map((p: { key: string }) => p.key)).toContain('live-mango');
      expect((await call(s.url, 'GET', '/api/live/sessions/999999')).body.code).toBe(65100);
      expect((await call(s.url, 'GET', '/api/live/sessions/abc')).body.code).toBe(10001);
    });

    it('counts likes on the server and tells the room in batches', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const guest = await enter({ guest: '路过的游客' });
      const watcher = await enter({ login: await imLogin(member) });
      await Promise.all([guest.entered, watcher.entered]);
      Object.assign(entered, { guest, watcher });
      const like = (count: number, ut?: string) =>
        call(s!.url, 'POST', `/api/live/sessions/${sessionId}/likes`, {
          body: { count },
          ...(ut && { ut }),
        });
      expect(data(await like(3)).likes).toBe(3);
      expect(data(await like(5, member.ut)).likes).toBe(8);
      expect((await like(51)).body.code).toBe(10001);
      expect((await like(0)).body.code).toBe(10001);
      // One announcement carries the total, not one per tap.
      await until(() => expect(announcements(watcher, 'live-likes').at(-1)?.likes).toBe(8));
      await until(() => expect(announcements(guest, 'live-likes').at(-1)?.likes).toBe(8));
      expect(announcements(watcher, 'live-likes').length).toBeLessThanOrEqual(2);

      // A flood is cut off per viewer.
      for (let i = 1; i < LIKE_CALLS_PER_MINUTE; i++) await like(1, member.ut);
      expect((await like(1, member.ut)).body.code).toBe(10004);
      // The next minute it counts again.
      s.clock.advance(61_000);
      expect((await like(1, member.ut)).body.code).toBe(0);
    }, 60_000);

    it('lets only the host draw, among logged-in viewers in the room, and gives a campaign award', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const path = `/api/live/sessions/${sessionId}/draws`;
      const body = { prizeKey: 'live-mango', winners: 3 };
      expect((await call(s.url, 'POST', path, { body })).body.code).toBe(-331007);
      expect((await call(s.url, 'POST', path, { body, ut: member.ut })).body.code).toBe(65101);
      const unknownPrize = await call(s.url, 'POST', path, {
        body: { prizeKey: 'nuts-box', winners: 1 },
        ut: host.ut,
      });
      expect(unknownPrize.body.code).toBe(65104);

      const hostRoom = await enter({ login: await imLogin(host) });
      await hostRoom.entered;
      entered.host = hostRoom;
      const draw = data(await call(s.url, 'POST', path, { body, ut: host.ut }));
      // The guest and the host are in the room too; only the member may win.
      expect(draw.prizeName).toBe('芒果干 1袋');
      expect(draw.winners).toEqual([
        {
          nick: expect.any(String),
          mobile: `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
        },
      ]);
      await until(() =>
        expect(announcements(hostRoom, 'live-lottery').at(-1)).toMatchObject({
          drawId: draw.id,
          prize: { name: '芒果干 1袋' },
        }),
      );
      const awards = data(await call(s.url, 'GET', '/api/campaign/live/awards', { ut: member.ut }));
      expect(awards).toEqual([
        expect.objectContaining({ prizeKey: 'live-mango', source: 'live', state: 'needs_address' }),
      ]);
      const past = data(await call(s.url, 'GET', path));
      expect(past.draws[0]).toMatchObject({ id: draw.id, prizeName: '芒果干 1袋' });
    });

    it('lets anonymous guests read the room but not speak, whatever their client', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const [watcher, guest] = [entered.watcher, entered.guest];
      // The server refuses it: a client that shows the box anyway gets 403.
      await expect(guest.room.sendText({ text: '游客也想说话' })).rejects.toMatchObject({
        code: 403,
        message: expect.stringContaining('anonymous guests'),
      });
      const said = await watcher.room.sendText({ text: '这款坚果好吃吗' });
      expect(said.text).toBe('这款坚果好吃吗');
      // The guest reads what members say, and nobody reads the refused message.
      await until(() => expect(guest.msgs.map((m) => m.text)).toContain('这款坚果好吃吗'));
      expect(watcher.msgs.map((m) => m.text)).not.toContain('游客也想说话');
    });

    it('lets the host mute and kick under the chatroom’s rules, and no viewer do so', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const [hostRoom, watcher, guest] = [entered.host.room, entered.watcher.room, entered.guest];
      await expect(watcher.kickChatroomMember({ account: hostRoom.account })).rejects.toMatchObject(
        { code: 403 },
      );
      await hostRoom.markChatroomGaglist({ account: watcher.account, isAdd: true });
      await expect(watcher.sendText({ text: '我被禁言了吗' })).rejects.toMatchObject({
        code: 13004,
      });
      await hostRoom.kickChatroomMember({ account: guest.room.account });
      await until(() => expect(guest.disconnects).toMatchObject([{ reason: 'managerKick' }]));
    });

    it('refuses likes and draws off air', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const now = s.clock.now();
      const upcoming = data(
        await admin(s.url, 'POST', '/admin/api/live/sessions', {
          title: '周末囤货节',
          hostMobile: host.mobile,
          startsAt: now + HOUR,
          endsAt: now + 2 * HOUR,
          stream: 'sample:snack-studio',
        }),
      );
      expect(upcoming.state).toBe('upcoming');
      const likeUp = await call(s.url, 'POST', `/api/live/sessions/${upcoming.id}/likes`, {
        body: { count: 1 },
      });
      expect(likeUp.body.code).toBe(65102);
      const detail = data(await call(s.url, 'GET', `/api/live/sessions/${upcoming.id}`));
      expect(detail.stream).toEqual({ state: 'none', src: '' });
      s.clock.advance(3 * HOUR);
      const drawAfter = await call(s.url, 'POST', `/api/live/sessions/${upcoming.id}/draws`, {
        body: { prizeKey: 'live-mango', winners: 1 },
        ut: host.ut,
      });
      expect(drawAfter.body.code).toBe(65102);
      const list = data(await call(s.url, 'GET', '/api/live/sessions'));
      expect(list.sessions.find((x: { id: number }) => x.id === upcoming.id).state).toBe('replay');
    });

    it('serves the sample HLS stream made with ffmpeg', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const base = `${s.url}/api/live/media`;
      const cover = await fetch(`${base}/snack-studio.jpg`);
      expect(cover.headers.get('content-type')).toBe('image/jpeg');
      let playlist: Response | undefined;
      await vi.waitFor(
        async () => {
          playlist = await fetch(`${base}/snack-studio.m3u8`);
          if (playlist.status === 503) expect(playlist.headers.get('retry-after')).toBe('3');
          expect(playlist.status).toBe(200);
        },
        { timeout: 90_000, interval: 500 },
      );
      expect(playlist!.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
      const text = await playlist!.text();
      expect(text).toContain('#EXTM3U');
      const segment = text.split('\n').find((line) => line.endsWith('.ts'))!;
      expect(segment).toBe('snack-studio-000.ts');
      const ts = await fetch(`${base}/${segment}`);
      expect(ts.headers.get('content-type')).toBe('video/mp2t');
      // MPEG-TS packets start with the sync byte 0x47.
      expect(new Uint8Array(await ts.arrayBuffer())[0]).toBe(0x47);
      expect((await fetch(`${base}/other.m3u8`)).status).toBe(404);
      expect((await fetch(`${base}/..%2Fsecret.m3u8`)).status).toBe(400);
      const detail = data(await call(s.url, 'GET', `/api/live/sessions/${sessionId}`));
      expect(detail.stream).toEqual({ state: 'ready', src: '/api/live/media/snack-studio.m3u8' });
    }, 120_000);
  });
};

await onEachEngine(suite);
