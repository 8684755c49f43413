// Security review H4: one account cannot fill memory or disk. A message whose fields are each
// within their limits but add up to more than MAX_MSG_BODY_BYTES is refused with 405; an account
// past its daily message or byte quota is refused with 419, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { MAX_MSG_BODY_BYTES, type ImError } from '@morsel/protocol';
import type { ClientMsg } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const chinese = (chars: number) => '零食'.repeat(Math.ceil(chars / 2)).slice(0, chars);

async function refusal(work: Promise<unknown>): Promise<ImError> {
  return work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: ImError) => error,
  );
}

describe('message size', () => {
  const suite = imSuite({ fresh: 'all' });

  it(`refuses with 405 a message over ${MAX_MSG_BODY_BYTES} bytes whose fields are each within their limits`, async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    // 10,000 Chinese characters of content (its own limit) are about 30 KB.
    const error = await refusal(
      a.nim.sendCustomMsg({ scene: 'p2p', to: 'demo2', content: chinese(10_000) }),
    );
    expect(error).toMatchObject({
      code: 405,
      message: expect.stringMatching(/at most 16384 are allowed/),
    });
    // A maximal text (5,000 Chinese characters, about 15 KB) still goes through.
    const text = chinese(5_000);
    const sent = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text });
    await b.events.until(() =>
      b.events.all<ClientMsg>('msg').some((m) => m.idServer === sent.idServer),
    );
    const history = await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2', limit: 10 });
    expect(history.msgs.map((m: ClientMsg) => m.idServer)).toEqual([sent.idServer]);
  });
});

describe('daily send quotas', () => {
  const suite = imSuite({
    fresh: 'each',
    config: { imMessagesPerDay: 3, imMessageBytesPerDay: 16_384 },
  });

  it('refuses with 419 the message past the daily count, and stores nothing', async () => {
    const a = await suite.client(0);
    for (let i = 0; i < 3; i++)
      await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `第${i}条` });
    const error = await refusal(a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '超出' }));
    expect(error).toMatchObject({
      code: 419,
      message: expect.stringMatching(/at most 3 messages a day/),
    });
    const history = await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2', limit: 10 });
    expect(history.msgs).toHaveLength(3);
    // Another account has its own quota.
    const b = await suite.client(1);
    expect(await b.nim.sendText({ scene: 'p2p', to: 'demo1', text: '我的额度还在' })).toMatchObject(
      { status: 'success' },
    );
  });

  it('refuses with 419 the message past the daily bytes', async () => {
    const a = await suite.client(0);
    await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: chinese(3_000) }); // about 9 KB
    const error = await refusal(
      a.nim.sendText({ scene: 'p2p', to: 'demo2', text: chinese(3_000) }),
    );
    expect(error).toMatchObject({
      code: 419,
      message: expect.stringMatching(/at most 16384 bytes of messages a day/),
    });
  });
});
