// Pictures in customer service (docs/customer-service.md) over real HTTP and the real SDK on both
// engines: each side uploads through the IM files path (previewFile) and sends the upload's URL;
// the thread shows a thumbnail and the picture through the image operations, without the photo's
// metadata; the server takes only a live picture the sender's own IM account uploaded, into a
// conversation the sender is a party of.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../harness/index.ts';
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

type Client = Awaited<ReturnType<typeof connectClient>>;

interface ImageView {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** A camera-like JPEG: 800 x 600 with EXIF (the make of the camera). */
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'MorselCam' } })
    .toBuffer();

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`customer service pictures (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let amy: Shopper, shopper: Shopper, stranger: Shopper;
    let amyIm: Client, shopperIm: Client, strangerIm: Client;
    let conversationId: number;

    beforeAll(async () => {
      const extra = await overrides();
      if (!extra) return;
      s = await startCampaignServer(extra);
      [amy, shopper, stranger] = (await Promise.all(
        Array.from({ length: 3 }, () => newShopper(s!)),
      )) as [Shopper, Shopper, Shopper];
      const made = await admin(s.url, 'POST', '/admin/api/cs/agents', {
        mobile: amy.mobile,
        name: '小安',
      });
      expect(made.status).toBe(201);
      [amyIm, shopperIm, strangerIm] = [
        await connect(amy),
        await connect(shopper),
        await connect(stranger),
      ];
      expect((await post(amy, '/api/cs/agent/status', { online: true })).body.code).toBe(0);
      conversationId = data(await post(shopper, '/api/cs/conversations', { source: '' })).id;
    }, 60_000);
    afterAll(async () => {
      for (const client of [amyIm, shopperIm, strangerIm]) await client?.nim.destroy();
      await s?.stop();
      await cleanup();
    });

    const post = (who: Shopper, path: string, body: unknown = {}) =>
      call(s!.url, 'POST', path, { ut: who.ut, body });
    const sendImage = (who: Shopper, url: string, id = conversationId) =>
      post(who, `/api/cs/conversations/${id}/images`, { url });

    async function connect(who: Shopper): Promise<Client> {
      const login = data(await post(who, '/api/chat/im-login')) as {
        account: string;
        token: string;
      };
      return connectClient(s!, 0, { account: login.account, token: login.token });
    }

    const upload = async (client: Client, bytes: Buffer, type = 'image/jpeg') =>
      (
        await client.nim.previewFile({
          type: type.startsWith('image/') ? 'image' : 'file',
          blob: new Blob([new Uint8Array(bytes)], { type }),
        })
      ).url;

    const fetched = async (url: string) => {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };

    it('carries the shopper’s picture to the agent as a thumbnail and the picture, without metadata', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = await upload(shopperIm, await photo());
      const sent = await sendImage(shopper, url);
      expect(sent.body.code).toBe(0);
      const message = data(sent) as { from: string; text: string; image: ImageView };
      expect(message).toMatchObject({ from: 'shopper', text: '[图片]' });
      expect(message.image).toMatchObject({ width: 800, height: 600 });

      const thumb = await sharp(await fetched(message.image.thumbUrl)).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBe(360);
      expect(thumb.exif).toBeUndefined();
      const full = await sharp(await fetched(message.image.url)).metadata();
      expect([full.width, full.height]).toEqual([800, 600]);
      expect(full.exif).toBeUndefined();

      // The agent reads it in the thread; their queue's last line says 图片.
      const read = data(
        await call(s.url, 'GET', `/api/cs/conversations/${conversationId}/messages`, {
          ut: amy.ut,
        }),
      );
      expect(read.messages.at(-1)).toMatchObject({ from: 'shopper', image: message.image });
      const queue = data(await call(s.url, 'GET', '/api/cs/agent/queue', { ut: amy.ut }));
      expect(queue.mine).toContainEqual(
        expect.objectContaining({ id: conversationId, lastText: '[图片]' }),
      );
    });

    it('carries the agent’s picture back', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const url = await upload(amyIm, await photo());
      const sent = await sendImage(amy, url);
      expect(sent.body.code).toBe(0);
      expect(data(sent)).toMatchObject({ from: 'agent', agentName: '小安', text: '[图片]' });
    });

    it('takes only the sender’s own live picture, from a party of the conversation', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shoppers = await upload(shopperIm, await photo());
      // Someone else's upload, even in a conversation of theirs.
      expect((await sendImage(amy, shoppers)).body.code).toBe(65312);
      // Not a party: another shopper answers as if there were no such conversation.
      const strangers = await upload(strangerIm, await photo());
      expect((await sendImage(stranger, strangers)).body.code).toBe(65301);
      // A file that is no picture, though uploaded as one.
      const text = await upload(shopperIm, Buffer.from('not a picture at all'), 'text/plain');
      expect((await sendImage(shopper, text)).body.code).toBe(65313);
      // No file of this server.
      expect((await sendImage(shopper, 'https://example.com/im/files/x.jpg')).body.code).toBe(
        65311,
      );
      expect(
        (await sendImage(shopper, `${s.url}/im/files/AAAAAAAAAAAAAAAAAAAAAA.jpg`)).body.code,
      ).toBe(65311);
      // Without a URL the schema refuses.
      expect(
        (await post(shopper, `/api/cs/conversations/${conversationId}/images`)).body.code,
      ).toBe(10001);
      // Closed: no more pictures.
      await post(shopper, `/api/cs/conversations/${conversationId}/close`);
      expect((await sendImage(shopper, shoppers)).body.code).toBe(65303);
    });
  });
};

await onEachEngine(suite);
