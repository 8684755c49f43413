// The gateway's defences (security review M1, M6, L6, L7) as a hostile client meets them: raw
// frames and the real SDK against a real server, on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Packr } from 'msgpackr';
import { COMMANDS } from '@morsel/protocol';
import { forEachEngine } from '../harness/index.ts';
import { rawClient } from './raw-client.ts';
import { imSuite } from './suite.ts';
import { nimPost } from '../im-rest/nim-client.ts';

await forEachEngine(({ name: engine }) => {
  describe('gateway defences', () => {
    const suite = imSuite({
      fresh: 'all',
      engine,
      config: {
        imLoginFailuresPerAccount: 2,
        imLoginFailuresPerAddress: 1000,
        imMaxSocketsPerAddress: 3,
        imMaxConnectionsPerAccount: 2,
        // The test clients stand behind a "proxy" on loopback that names their addresses.
        trustProxy: 'loopback',
      },
    });
    /** Each raw client its own address (X-Forwarded-For), so the per-address caps stay apart. */
    let addresses = 0;
    const raw = (address = `10.1.0.${++addresses}`) =>
      rawClient(suite.server, { headers: { 'X-Forwarded-For': address } });
    const demo = (index: number) => suite.server.server.seeded.demoAccounts[index]!;
    const appKey = () => suite.server.server.seeded.appKey;

    /** A fresh account made through the REST API (real HTTP, signed with the app secret). */
    async function restAccount(accid: string) {
      const app = (await suite.server.server.imAccounts.getApp(appKey()))!;
      const reply = await nimPost(suite.server.url, 'create', { accid }, app);
      expect(reply.body.code).toBe(200);
      return { app, accid, token: reply.body.info!.token };
    }

    it('L6: a body with a MessagePack extension is answered 998 and the connection lives on', async () => {
      const client = await raw();
      expect((await client.login(demo(0))).code).toBe(200);
      const rich = new Packr({ structuredClone: true, moreTypes: true });
      const { sid, cid } = COMMANDS.getServerTime;
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      client.sendBytes(new Uint8Array([sid, cid, 0, 77, 0, 0, ...rich.pack({ v: /x+/ })]));
      client.sendBytes(new Uint8Array([sid, cid, 0, 78, 0, 0, ...rich.pack({ v: cyclic })]));
      await client.waitFor(() => client.frames.filter((f) => f.code === 998).length === 2);
      expect(client.frames.filter((f) => f.code === 998).map((f) => f.ser)).toEqual([77, 78]);
      expect((await client.call('getServerTime')).code).toBe(200);
      expect(client.isClosed()).toBe(false);
      client.close();
    });

    it('L7: an id or time beyond 2^53 - 1 is refused with 414, never a 500', async () => {
      const client = await raw();
      expect((await client.login(demo(0))).code).toBe(200);
      const hugeId = await client.call('updateCollect', { id: '9'.repeat(30), custom: 'x' });
      expect(hugeId.code).toBe(414);
      expect(hugeId.body?.message).toMatch(/^id:/);
      const hugeTime = await client.call('getCollects', { beginTime: 1e20 });
      expect(hugeTime.code).toBe(414);
      expect(hugeTime.body?.message).toMatch(/^beginTime:/);
      // The largest safe integer is still an id: a clean "not found"-style answer, not a crash.
      const safe = await client.call('updateCollect', {
        id: String(Number.MAX_SAFE_INTEGER),
        custom: 'x',
      });
      expect(safe.code).not.toBe(500);
      expect(safe.code).not.toBe(414);
      client.close();
    });

    it('M1: failed logins back off per account (416 with duration), and a connection closes after 3', async () => {
      const { accid, token } = await restAccount(`guess_${engine}`);
      const guesser = await raw();
      for (let i = 1; i <= 3; i++) {
        expect((await guesser.login({ accid, token: `wrong-token-${i}-abcdef` })).code).toBe(302);
      }
      await guesser.waitFor(() => guesser.isClosed());
      // The account is now blocked for a while, even with the right token and a new address.
      const owner = await raw();
      const blocked = await owner.login({ accid, token });
      expect(blocked.code).toBe(416);
      expect(blocked.body).toMatchObject({ duration: expect.any(Number) });
      expect(blocked.body?.message).toMatch(/too many failed logins/);
      owner.close();
    });

    it('M1: refreshToken and a token update through REST kick the live session', async () => {
      const { app, accid, token } = await restAccount(`rotate_${engine}`);
      const first = await suite.client(0, { account: accid, token });
      const refreshed = await nimPost(suite.server.url, 'refreshToken', { accid }, app);
      expect(refreshed.body.code).toBe(200);
      expect(await first.events.next('disconnect')).toMatchObject({
        code: 'kicked',
        reason: 'serverKick',
      });
      const second = await suite.client(0, { account: accid, token: refreshed.body.info!.token });
      expect(
        (await nimPost(suite.server.url, 'update', { accid, token: 'updated-token-0001' }, app))
          .body.code,
      ).toBe(200);
      expect(await second.events.next('disconnect')).toMatchObject({
        code: 'kicked',
        reason: 'serverKick',
      });
    });

    it('M1: a REST block kicks the live session even without needkick', async () => {
      const { app, accid, token } = await restAccount(`blocked_${engine}`);
      const live = await suite.client(0, { account: accid, token });
      expect((await nimPost(suite.server.url, 'block', { accid }, app)).body.code).toBe(200);
      expect(await live.events.next('disconnect')).toMatchObject({
        code: 'kicked',
        reason: 'serverKick',
      });
    });

    it('M6: an account holds at most imMaxConnectionsPerAccount connections (403 past it)', async () => {
      const clients = [await raw(), await raw(), await raw()];
      expect((await clients[0]!.login(demo(2))).code).toBe(200);
      expect((await clients[1]!.login(demo(2))).code).toBe(200);
      const third = await clients[2]!.login(demo(2));
      expect(third.code).toBe(403);
      expect(third.body?.message).toMatch(/too many connections/);
      for (const client of clients) client.close();
    });

    it('M6: an address holds at most imMaxSocketsPerAddress sockets; the handshake past it is refused', async () => {
      const address = `10.2.0.${engine === 'sqlite' ? 1 : 2}`;
      const open = [await raw(address), await raw(address), await raw(address)];
      await expect(raw(address)).rejects.toBeDefined();
      open[0]!.close();
      await open[0]!.waitFor(() => open[0]!.isClosed());
      // A closed socket frees its place (the server sees the close a moment later).
      let again: Awaited<ReturnType<typeof raw>> | undefined;
      for (let attempt = 0; attempt < 50 && !again; attempt++) {
        again = await raw(address).catch(() => undefined);
        if (!again) await new Promise((r) => setTimeout(r, 20));
      }
      expect(again).toBeDefined();
      for (const client of [...open.slice(1), again!]) client.close();
    });
  });
});
