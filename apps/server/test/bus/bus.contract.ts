// One contract for the bus, run against the in-process and the Redis engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../src/bus/index.ts';

export interface BusFixture {
  /** Two buses that see each other's publishes (two server processes, for Redis). */
  open(): Promise<[Bus, Bus]>;
  /** Whether the two buses really are separate processes' views (Redis) or one (memory). */
  distributed: boolean;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (payload: Uint8Array) => new TextDecoder().decode(payload);

/** Resolves with the payloads received once `count` have arrived. */
function collect(bus: Bus, channel: string, count: number) {
  const received: string[] = [];
  let resolveDone!: (value: string[]) => void;
  const done = new Promise<string[]>((resolve) => (resolveDone = resolve));
  const subscribed = bus.subscribe(channel, (payload) => {
    received.push(text(payload));
    if (received.length === count) resolveDone(received);
  });
  return { subscribed, done, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

export function busContract(kind: string, fixture: BusFixture) {
  describe(`bus contract on ${kind}`, () => {
    let a: Bus;
    let b: Bus;
    beforeAll(async () => {
      [a, b] = await fixture.open();
    });
    afterAll(async () => {
      await a?.close();
      if (b !== a) await b?.close();
    });

    it('names its kind', () => {
      expect(a.kind).toBe(kind);
    });

    it('delivers to a subscriber on another bus, in order', async () => {
      const sink = collect(b, 'acct:1', 3);
      await sink.subscribed;
      await a.publish('acct:1', bytes('one'));
      await a.publish('acct:1', bytes('two'));
      await a.publish('acct:1', bytes('three'));
      expect(await sink.done).toEqual(['one', 'two', 'three']);
    });

    it('delivers raw bytes unchanged', async () => {
      const payload = new Uint8Array([0, 255, 1, 128, 10, 13, 0]);
      const got = new Promise<Uint8Array>((resolve) => void b.subscribe('bin', (p) => resolve(p)));
      await settle();
      await a.publish('bin', payload);
      expect([...(await got)]).toEqual([...payload]);
    });

    it('fans out to every subscriber of a channel and to no other channel', async () => {
      const first = collect(b, 'room:9', 1);
      const second = collect(a, 'room:9', 1);
      const other = collect(b, 'room:10', 1);
      await Promise.all([first.subscribed, second.subscribed, other.subscribed]);
      await a.publish('room:9', bytes('hi'));
      expect(await first.done).toEqual(['hi']);
      expect(await second.done).toEqual(['hi']);
      await settle();
      expect(other.received).toEqual([]);
    });

    it("stops delivering after unsubscribe, keeping the channel's other subscribers", async () => {
      const kept: string[] = [];
      const dropped: string[] = [];
      await b.subscribe('acct:2', (p) => kept.push(text(p)));
      const unsubscribe = await b.subscribe('acct:2', (p) => dropped.push(text(p)));
      await unsubscribe();
      await unsubscribe(); // idempotent
      await a.publish('acct:2', bytes('after'));
      await settle();
      expect(kept).toEqual(['after']);
      expect(dropped).toEqual([]);
    });

    it('keeps delivering to others when one handler throws', async () => {
      const received: string[] = [];
      await b.subscribe('acct:3', () => {
        throw new Error('handler bug');
      });
      await b.subscribe('acct:3', (p) => received.push(text(p)));
      await a.publish('acct:3', bytes('x'));
      await settle();
      expect(received).toEqual(['x']);
    });

    it('carries a burst of messages without loss', async () => {
      const count = 2000;
      const sink = collect(b, 'burst', count);
      await sink.subscribed;
      await Promise.all(
        Array.from({ length: count }, (_, i) => a.publish('burst', bytes(String(i)))),
      );
      const received = await sink.done;
      expect(new Set(received).size).toBe(count);
      if (fixture.distributed)
        expect(received.map(Number)).toEqual(received.map(Number).sort((x, y) => x - y));
    });
  });
}
