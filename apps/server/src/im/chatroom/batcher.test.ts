// The batcher's bounds: a full batch (500 messages) goes out at once, a large one before it
// passes the frame budget, and every frame decodes to the messages in the order they came; runs
// of messages for one tag target or from one point go as frames of their own.
import { describe, expect, it } from 'vitest';
import { decodeFrame, type ChatroomMsgInfo } from '@morsel/protocol';
import { RoomBatcher } from './batcher.ts';

const msg = (i: number, text = `m${i}`): ChatroomMsgInfo => ({
  chatroomId: '1',
  idClient: `c${i}`,
  idServer: String(i + 1),
  from: 'demo1',
  fromNick: '',
  fromAvatar: '',
  fromCustom: '',
  fromClientType: 16,
  time: 1,
  type: 'text',
  text,
  resend: false,
});

function recorder() {
  const frames: { room: string; texts: string[]; target?: string; at?: unknown }[] = [];
  const batcher = new RoomBatcher(
    async (room, bytes, target, at) => {
      const body = decodeFrame(bytes).body as { msgs: ChatroomMsgInfo[] };
      frames.push({
        room,
        texts: body.msgs.map((m) => m.text!),
        ...(target && { target }),
        ...(at && { at }),
      });
    },
    (error) => {
      throw error;
    },
    // An interval no test waits for: only the bounds and flushAll send.
    { intervalMs: 3_600_000, maxMessages: 500 },
  );
  return { frames, batcher };
}

describe('RoomBatcher', () => {
  it('sends 500 messages as one frame, per room, in order', async () => {
    const { frames, batcher } = recorder();
    for (let i = 0; i < 1200; i++) batcher.add('a', msg(i));
    batcher.add('b', msg(0));
    await batcher.stop();
    expect(frames.map((f) => [f.room, f.texts.length])).toEqual([
      ['a', 500],
      ['a', 500],
      ['a', 200],
      ['b', 1],
    ]);
    expect(frames.flatMap((f) => (f.room === 'a' ? f.texts : []))).toEqual(
      Array.from({ length: 1200 }, (_, i) => `m${i}`),
    );
    batcher.add('a', msg(9)); // stopped: nothing more goes out
    await batcher.flushAll();
    expect(frames).toHaveLength(4);
  });

  it('sends a batch early rather than pass half the frame limit', async () => {
    const { frames, batcher } = recorder();
    const long = '长'.repeat(5000);
    for (let i = 0; i < 100; i++) batcher.add('a', msg(i, long));
    await batcher.flushAll();
    expect(frames.length).toBeGreaterThan(2);
    expect(frames.reduce((n, f) => n + f.texts.length, 0)).toBe(100);
  });

  it('sends messages for tag targets as frames of their own, in the order they came', async () => {
    const { frames, batcher } = recorder();
    batcher.add('r1', msg(0));
    batcher.add('r1', msg(1), '{"tag":"vip"}');
    batcher.add('r1', msg(2), '{"tag":"vip"}');
    batcher.add('r1', msg(3));
    await batcher.flushAll();
    expect(frames).toEqual([
      { room: 'r1', texts: ['m0'] },
      { room: 'r1', texts: ['m1', 'm2'], target: '{"tag":"vip"}' },
      { room: 'r1', texts: ['m3'] },
    ]);
  });

  it('sends messages from a point as frames of their own, a run per target and point', async () => {
    const { frames, batcher } = recorder();
    const at = (i: number, x: number) => ({ ...msg(i), location: { x, y: 0, z: 0 } });
    batcher.add('r1', at(0, 1));
    batcher.add('r1', at(1, 1));
    batcher.add('r1', at(2, 2));
    batcher.add('r1', at(3, 2), '{"tag":"vip"}');
    batcher.add('r1', msg(4));
    await batcher.flushAll();
    expect(frames).toEqual([
      { room: 'r1', texts: ['m0', 'm1'], at: { x: 1, y: 0, z: 0 } },
      { room: 'r1', texts: ['m2'], at: { x: 2, y: 0, z: 0 } },
      { room: 'r1', texts: ['m3'], target: '{"tag":"vip"}', at: { x: 2, y: 0, z: 0 } },
      { room: 'r1', texts: ['m4'] },
    ]);
  });
});
