// Exchange codes issued named or random with a window, listed used or unused, refused with every
// problem named at once (decision 0038); prize pictures uploaded through the file storage
// (re-encoded, typed by their bytes) and the built-in ones listed. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  ADMIN_KEY,
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
} from './helpers.ts';

const exchange = (s: ProductTestServer, ut: string, code: string) =>
  call(s.url, 'POST', '/api/campaign/coupon/exchange', { ut, body: { code } });

function upload(s: ProductTestServer, bytes: Buffer, name = 'prize.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${s.url}/admin/api/prize-images`, {
    method: 'POST',
    headers: { 'x-admin-key': ADMIN_KEY },
    body: form,
  });
}

await onEachEngine((engine, overrides, cleanup) => {
  describe(`exchange codes and prize images on ${engine}`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const picked = await overrides();
      if (picked) s = await startCampaignServer(picked);
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('issues named codes that work only inside their window', async (context) => {
      if (!s) return context.skip();
      const now = s.clock.now();
      const issued = data(
        await admin(s.url, 'POST', '/admin/api/exchange-codes', {
          template: 'nuts-5-off',
          codes: ['spring-nuts-2026', 'NUTSFAN'],
          startsAt: now + DAY_MS,
          expiresAt: now + 3 * DAY_MS,
        }),
      );
      expect(issued).toEqual({
        template: 'nuts-5-off',
        startsAt: now + DAY_MS,
        expiresAt: now + 3 * DAY_MS,
        codes: ['SPRINGNUTS2026', 'NUTSFAN'],
      });
      const shopper = await newShopper(s);
      expect((await exchange(s, shopper.ut, 'spring-nuts-2026')).body).toMatchObject({
        code: 61052,
        message: '兑换码尚未生效，请在生效后再兑换',
      });
      s.clock.advance(DAY_MS);
      expect(data(await exchange(s, shopper.ut, 'spring-nuts-2026'))).toMatchObject({
        templateKey: 'nuts-5-off',
        source: 'exchange',
      });

      const used = data(
        await admin(s.url, 'GET', '/admin/api/exchange-codes?template=nuts-5-off&status=used'),
      );
      expect(used.codes).toEqual([
        expect.objectContaining({ code: 'SPRINGNUTS2026', status: 'used', usedBy: shopper.id }),
      ]);
      const unused = data(
        await admin(s.url, 'GET', '/admin/api/exchange-codes?template=nuts-5-off&status=unused'),
      );
      expect(unused.codes.map((c: { code: string }) => c.code)).toContain('NUTSFAN');
      expect(unused.codes.every((c: { usedBy: unknown }) => c.usedBy === null)).toBe(true);
    });

    it('issues random codes and pages them in code order', async (context) => {
      if (!s) return context.skip();
      const made = data(
        await admin(s.url, 'POST', '/admin/api/exchange-codes', {
          template: 'drink-5-off-30',
          count: 3,
          expiresAt: s.clock.now() + DAY_MS,
        }),
      );
      expect(made.codes).toHaveLength(3);
      expect(made.startsAt).toBe(s.clock.now());
      for (const code of made.codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const query: string = after === null ? '' : `&after=${after}`;
        const page = data(
          await admin(
            s.url,
            'GET',
            `/admin/api/exchange-codes?template=drink-5-off-30&limit=2${query}`,
          ),
        );
        seen.push(...page.codes.map((c: { code: string }) => c.code));
        after = page.next;
      } while (after !== null);
      expect(seen).toEqual([...made.codes].sort());
    });

    it('names every problem of a request at once, and keeps nothing of it', async (context) => {
      if (!s) return context.skip();
      const now = s.clock.now();
      data(
        await admin(s.url, 'POST', '/admin/api/exchange-codes', {
          template: 'nuts-5-off',
          codes: ['TAKEN01'],
          expiresAt: now + DAY_MS,
        }),
      );
      const refused = await admin(s.url, 'POST', '/admin/api/exchange-codes', {
        template: 'nuts-5-off',
        codes: ['FRESH01', 'taken-01', '--a-', 'TWICE1', 'twice1'],
        count: 5,
        startsAt: now + 2 * DAY_MS,
        expiresAt: now + DAY_MS,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(61070);
      const message: string = refused.body.message;
      expect(message).toContain('expiresAt 应晚于 startsAt');
      expect(message).toContain(
        'codes（指定兑换码）与 count（随机生成数量）应填写且只填写其中一个',
      );
      expect(message).toContain('codes 中的 A 去掉空格和短横线后应为4-32位字母或数字');
      expect(message).toContain('codes 中的 TWICE1 重复了');
      expect(message).toContain('codes 中的 TAKEN01 已存在');
      // Nothing of the refused request was kept.
      const listed = data(
        await admin(s.url, 'GET', '/admin/api/exchange-codes?template=nuts-5-off'),
      );
      expect(listed.codes.map((c: { code: string }) => c.code)).not.toContain('FRESH01');
      // A code already over is refused too; an unknown template is 404.
      expect(
        (
          await admin(s.url, 'POST', '/admin/api/exchange-codes', {
            template: 'nuts-5-off',
            count: 1,
            expiresAt: now - 1,
          })
        ).body.message,
      ).toContain('expiresAt 应晚于当前时间');
      expect(
        await admin(s.url, 'POST', '/admin/api/exchange-codes', {
          template: 'no-such-template',
          count: 1,
          expiresAt: now + DAY_MS,
        }),
      ).toMatchObject({ status: 404, body: { code: 61004 } });
      expect(
        (await admin(s.url, 'GET', '/admin/api/exchange-codes?template=no-such-template')).status,
      ).toBe(404);
    });

    it('keeps an uploaded prize picture as a PNG the file storage serves', async (context) => {
      if (!s) return context.skip();
      const jpeg = await sharp({
        create: { width: 1200, height: 600, channels: 3, background: '#f5a623' },
      })
        .jpeg()
        .toBuffer();
      const answer = await upload(s, jpeg, 'nuts.jpg', 'image/jpeg');
      const body = (await answer.json()) as {
        code: number;
        data: { url: string; width: number; height: number };
      };
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ width: 480, height: 240 });
      const served = await fetch(body.data.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 480, height: 240 });

      // A prize may name it.
      const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
      const { awarded: _a, key, ...prize } = detail.prizes[0];
      const changed = data(
        await admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${key}`, {
          ...prize,
          image: body.data.url,
        }),
      );
      expect(changed.prizes.find((p: { key: string }) => p.key === key).image).toBe(body.data.url);
    });

    it('refuses what is not a picture, by its bytes, with one status per code', async (context) => {
      if (!s) return context.skip();
      const fake = await upload(s, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
      expect(fake.status).toBe(415);
      expect(await fake.json()).toMatchObject({ code: 61081 });
      const none = await fetch(`${s.url}/admin/api/prize-images`, {
        method: 'POST',
        headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(none.status).toBe(400);
      expect(await none.json()).toMatchObject({ code: 61080 });
      const big = await upload(s, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ code: 61082 });
      const keyless = await fetch(`${s.url}/admin/api/prize-images`, { method: 'POST' });
      expect(keyless.status).toBe(401);
    });

    it('lists the built-in prize pictures, each served', async (context) => {
      if (!s) return context.skip();
      const assets = data(await admin(s.url, 'GET', '/admin/api/prize-assets'));
      const nuts = assets.find((a: { name: string }) => a.name === 'nuts');
      expect(nuts).toEqual({
        name: 'nuts',
        png: '/api/campaign/assets/nuts.png',
        webp: '/api/campaign/assets/nuts.webp',
        svg: '/api/campaign/assets/nuts.svg',
      });
      const png = await fetch(`${s.url}${nuts.png}`);
      expect(png.headers.get('content-type')).toBe('image/png');
    });
  });
});
