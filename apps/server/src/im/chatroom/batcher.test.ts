// The batcher's bounds: a full batch (500 messages) goes out at once, a large one before it
// passes the frame budget, and every frame decodes to the messages in the order they came.
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
  const frames: { room: string; texts: string[] }[] = [];
  const batcher = new RoomBatcher(
    async (room, bytes) => {
      const body = decodeFrame(bytes).body as { msgs: ChatroomMsgInfo[] };
      frames.push({ room, texts: body.msgs.map((m) => m.text!) });
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
});
