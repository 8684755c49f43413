// One contract for presence, run against the in-process and the Redis engine (like the bus's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPort, Presence } from '../../src/im/gateway/presence/index.ts';

export interface PresenceFixture {
  /**
   * Two presences that share what they hold (two server processes, for Redis; the same one for
   * memory), both reading time from `now`.
   */
  open(now: () => number): Promise<[Presence, Presence]>;
  /** Whether the engine is shared by processes, and so drops ports no process vouches for. */
  distributed: boolean;
  /** How long a port lives without being vouched for, on a distributed engine. */
  ttlMs?: number;
}

let nextId = 0;
const port = (connectionId: string): LoginPort => ({
  type: 16,
  os: 'web',
  deviceId: `device-${connectionId}`,
  account: 'acc',
  connectionId,
  ip: '127.0.0.1',
  time: 1,
  customTag: 'tag',
});

export function presenceContract(kind: string, fixture: PresenceFixture) {
  describe(`presence contract on ${kind}`, () => {
    let time = 1_000_000;
    let a: Presence;
    let b: Presence;
    const account = () => ({ appKey: 'app', accid: `user${++nextId}` });

    beforeAll(async () => {
      [a, b] = await fixture.open(() => time);
    });
    afterAll(async () => {
      await a?.close();
      if (b !== a) await b?.close();
    });

    it('names its kind', () => {
      expect(a.kind).toBe(kind);
    });

    it('knows no port of an account nobody logged in as', async () => {
      expect(await a.ports(account())).toEqual([]);
    });

    it('shows a port added on one side to the other, whole', async () => {
      const who = account();
      await a.add(who, port('c1'));
      expect(await b.ports(who)).toEqual([port('c1')]);
    });

    it('keeps every port of an account and removes them one by one', async () => {
      const who = account();
      await a.add(who, port('c1'));
      await b.add(who, port('c2'));
      const ids = async () => (await a.ports(who)).map((p) => p.connectionId).sort();
      expect(await ids()).toEqual(['c1', 'c2']);
      await b.remove(who, 'c1');
      expect(await ids()).toEqual(['c2']);
      await a.remove(who, 'c2');
      expect(await ids()).toEqual([]);
    });

    it('keeps accounts apart, also across app keys', async () => {
      const who = account();
      await a.add(who, port('c1'));
      expect(await a.ports({ appKey: 'other', accid: who.accid })).toEqual([]);
      expect(await a.ports(account())).toEqual([]);
    });

    it('ignores the removal of a port it does not hold', async () => {
      const who = account();
      await a.add(who, port('c1'));
      await a.remove(who, 'unknown');
      await a.remove(account(), 'c1');
      expect(await a.ports(who)).toEqual([port('c1')]);
    });

    it('keeps a port that is vouched for, however much time passes', async () => {
      const who = account();
      await a.add(who, port('c1'));
      for (let i = 0; i < 3; i++) {
        time += (fixture.ttlMs ?? 60_000) / 2 + 1;
        await a.refresh([{ account: who, port: port('c1') }]);
      }
      expect(await b.ports(who)).toEqual([port('c1')]);
    });

    // A shared engine outlives the processes writing to it; the memory engine dies with its one.
    if (fixture.distributed)
      it('drops a port nobody vouched for within the TTL (its process crashed)', async () => {
        const who = account();
        await a.add(who, port('crashed'));
        await b.add(who, port('alive'));
        time += fixture.ttlMs! + 1;
        await b.refresh([{ account: who, port: port('alive') }]);
        expect((await a.ports(who)).map((p) => p.connectionId)).toEqual(['alive']);
      });
    else
      it('keeps a port until its own process removes it, vouched for or not', async () => {
        const who = account();
        await a.add(who, port('c1'));
        time += 10 * 24 * 3_600_000;
        expect(await a.ports(who)).toEqual([port('c1')]);
      });
  });
}
