// getOriginUrl (6:22): the original URL behind a safe short URL the server issued, through the
// real SDK (getNosOriginUrl and received file messages) against the real server.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'all' });
const mint = (originUrl: string) =>
  suite.server.server.safeUrls.mint({
    appKey: suite.server.server.seeded.appKey,
    originUrl,
    baseUrl: 'https://files.example.com/s/',
  });

describe('getOriginUrl', () => {
  it('resolves a safe url the server issued, and only that', async () => {
    const a = await suite.client(0);
    const origin = 'https://bucket.example.com/private/a.jpg?sign=1';
    const safeUrl = await mint(origin);
    expect(safeUrl).toMatch(/^https:\/\/files\.example\.com\/s\/[A-Za-z0-9_-]{22}\?im_url=1$/);
    expect(await a.nim.getNosOriginUrl({ safeShortUrl: safeUrl })).toBe(origin);
    let viaDone: unknown;
    await a.nim.getNosOriginUrl({
      safeShortUrl: safeUrl,
      done: (error, url) => (viaDone = error ?? url),
    });
    expect(viaDone).toBe(origin);
    // Unknown to the server: 404. Not a safe url: refused by the SDK and by the server alike.
    await expect(
      a.nim.getNosOriginUrl({ safeShortUrl: 'https://files.example.com/s/nothing?im_url=1' }),
    ).rejects.toMatchObject({ code: 404 });
    const rule = 'a safe short url must start with http and contain im_url=1';
    await expect(a.nim.getNosOriginUrl({ safeShortUrl: origin })).rejects.toMatchObject({
      code: 'Param_Error',
      message: rule,
    });
    await expect(
      a.nim.sendCmd('getOriginUrl', { safeUrl: 'ftp://x/?im_url=1' }),
    ).rejects.toMatchObject({ code: 414, message: rule });
  });

  it('gives a received file message its original url, live and in history', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const origin = 'https://bucket.example.com/private/clip.mp4';
    const safeUrl = await mint(origin);
    const sent = await a.nim.sendFile({
      scene: 'p2p',
      to: 'demo2',
      type: 'video',
      file: { url: safeUrl, ext: 'mp4', size: 10, dur: 1000 },
    });
    expect(sent.file!.url).toBe(safeUrl); // the sender keeps what it sent
    const received = await b.events.next<ClientMsg>('msg');
    expect(received.idServer).toBe(sent.idServer);
    await expect.poll(() => received.file?.url).toBe(origin); // the delivered object itself
    expect(b.nim.getLocalMsgByIdClient(sent.idClient)!.file).toEqual({
      url: origin,
      ext: 'mp4',
      size: 10,
      dur: 1000,
    });
    const { msgs } = await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 1 });
    expect(msgs[0]!.file!.url).toBe(origin);
  });
});
