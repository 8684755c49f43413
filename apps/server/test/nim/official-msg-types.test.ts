// Every kind of message through the official NIM Web SDK, both ways with a client of our own SDK:
// custom, tip, location and a file already uploaded (its url), with the shapes of the SDK's
// NIMMessage (content, tip, geo, file).
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Msg = Record<string, unknown>;

describe('message types through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('sends custom, tip, location and file messages both ways', async () => {
    const alice = await official('nim-types');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const file = {
      url: `${suite.server.url}/im/files/cat.png`,
      name: 'cat.png',
      ext: 'png',
      size: 2048,
      md5: '0123456789abcdef0123456789abcdef',
      w: 64,
      h: 48,
    };
    const coupon = JSON.stringify({ kind: 'coupon', id: 7 });
    const beijing = { lng: 116.3833, lat: 39.9167, title: '北京' };
    // NIM's message shape for the sender; ours (numeric types, `text`) for the receiver.
    const cases: { method: string; options: Msg; expected: Msg; ours: Msg }[] = [
      {
        method: 'sendCustomMsg',
        options: { content: coupon },
        expected: { type: 'custom', content: coupon },
        ours: { type: 100, content: coupon },
      },
      {
        method: 'sendTipMsg',
        options: { tip: '对方已加入' },
        expected: { type: 'tip', tip: '对方已加入' },
        ours: { type: 10, text: '对方已加入' },
      },
      {
        method: 'sendGeo',
        options: { geo: beijing },
        expected: { type: 'geo', geo: beijing },
        ours: { type: 4, geo: beijing },
      },
      {
        method: 'sendFile',
        options: { type: 'image', file },
        expected: { type: 'image', file: expect.objectContaining(file) },
        ours: { type: 1, file },
      },
    ];
    for (const { method, options, expected, ours: theirs } of cases) {
      const sent = await call<Msg>(alice.nim, method, { scene: 'p2p', to: 'demo2', ...options });
      expect(sent, method).toMatchObject({ ...expected, status: 'success', from: 'nim-types' });
      const received = (await bob.events.next('msg')) as Msg;
      expect(received, method).toMatchObject({ from: 'nim-types', ...theirs });
    }
    // From our own SDK to the official one.
    await bob.nim.sendCustomMsg({ scene: 'p2p', to: 'nim-types', content: '{"kind":"gift"}' });
    await bob.nim.sendTipMsg({ scene: 'p2p', to: 'nim-types', tip: '欢迎光临' });
    await bob.nim.sendGeo({
      scene: 'p2p',
      to: 'nim-types',
      geo: { lng: 121.47, lat: 31.23, title: '上海' },
    });
    await bob.nim.sendFile({ scene: 'p2p', to: 'nim-types', type: 'image', file });
    const back: Msg[] = [];
    for (let i = 0; i < 4; i++) back.push((await alice.next('msg')) as Msg);
    expect(back).toMatchObject([
      { type: 'custom', content: '{"kind":"gift"}', from: 'demo2' },
      { type: 'tip', tip: '欢迎光临' },
      { type: 'geo', geo: { lng: 121.47, lat: 31.23, title: '上海' } },
      { type: 'image', file: expect.objectContaining({ url: file.url, w: 64, h: 48, ext: 'png' }) },
    ]);
    // And the history holds them with the same shapes.
    const history = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
      limit: 20,
    });
    expect(history.msgs.map((m) => m.type)).toEqual(
      expect.arrayContaining(['custom', 'tip', 'geo', 'image']),
    );
    expect(history.msgs.find((m) => m.type === 'geo')).toMatchObject({
      geo: { lng: 121.47, lat: 31.23, title: '上海' },
    });
  });
});
