// The outlet declaration over real HTTP: shop photos (type and size checked, re-encoded without
// metadata, per-account limits), the saved draft, submitting with every field checked at once,
// duplicate licences refused, my declarations, and the operators' review the shopper then sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
} from '../campaigns/helpers.ts';
import { declaration, LICENCE, OTHER_LICENCE, picture, uploadPhoto } from './helpers.ts';

const PAGE = '/api/forms/fullshop';
const DRAFT = '/api/forms/fullshop/draft';
const APPLICATIONS = '/api/forms/fullshop/applications';
const ADMIN_LIST = '/admin/api/forms/fullshop/applications';

await onEachEngine((engine, overrides, cleanup) => {
  describe(`outlet declaration on ${engine}`, () => {
    let s: ProductTestServer;
    beforeAll(async () => {
      s = await startCampaignServer(await overrides());
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('stores a photo re-encoded as JPEG without its metadata, and refuses what is no picture', async () => {
      const a = await newShopper(s);
      expect((await uploadPhoto(s.url, undefined, await picture())).body.code).toBe(-331007);

      const png = await uploadPhoto(
        s.url,
        a.ut,
        await picture('png', 3000, 1000),
        'shop.png',
        'image/png',
      );
      const photo = data(png);
      expect(photo).toMatchObject({ width: 2000, height: 667 });
      expect(photo.name).toMatch(/^[\w-]{22}\.jpg$/);
      const stored = Buffer.from(await (await fetch(photo.url)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);

      // A text file named and typed as a JPEG, and an empty part.
      const fake = await uploadPhoto(s.url, a.ut, Buffer.from('<script>alert(1)</script>'));
      expect(fake.body).toMatchObject({ code: 64011, message: '仅支持JPG、PNG、WebP格式的图片' });
      const gif = await uploadPhoto(
        s.url,
        a.ut,
        Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'),
        'a.gif',
        'image/gif',
      );
      expect(gif.body.code).toBe(64011);
      expect((await uploadPhoto(s.url, a.ut, Buffer.alloc(0))).body.code).toBe(64010);
      // Over 10 MB is refused before it is stored.
      const big = await uploadPhoto(s.url, a.ut, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
      expect(big.body).toMatchObject({ code: 64012, message: '图片不能超过10MB' });
      // Not multipart at all.
      const json = await call(s.url, 'POST', '/api/forms/photos', {
        ut: a.ut,
        body: { file: 'x' },
      });
      expect([json.status, json.body.code]).toEqual([400, 64010]);
    });

    it('answers every problem of a declaration at once, by field, and saves nothing', async () => {
      const a = await newShopper(s);
      const empty = await call(s.url, 'POST', APPLICATIONS, { ut: a.ut, body: {} });
      expect(empty.body.code).toBe(64000);
      expect(Object.keys(empty.body.data.fields).sort()).toEqual([
        'contactName',
        'detail',
        'licenceNo',
        'mobile',
        'photos',
        'regionCode',
        'shopName',
        'shopType',
      ]);
      const photo = data(await uploadPhoto(s.url, a.ut, await picture()));
      const wrong = await call(s.url, 'POST', APPLICATIONS, {
        ut: a.ut,
        body: declaration([photo.name], { licenceNo: '91350100M000100Y44', regionCode: '990101' }),
      });
      expect(wrong.body).toMatchObject({
        code: 64000,
        message: '统一社会信用代码有误，请核对营业执照',
        data: {
          fields: {
            licenceNo: '统一社会信用代码有误，请核对营业执照',
            regionCode: '所选地区不存在，请重新选择',
          },
        },
      });
      // Another shopper's photo is not this shopper's to declare.
      const b = await newShopper(s);
      const taken = await call(s.url, 'POST', APPLICATIONS, {
        ut: b.ut,
        body: declaration([photo.name]),
      });
      expect(taken.body.data.fields).toEqual({ photos: '部分照片已失效，请删除后重新上传' });
      expect(data(await call(s.url, 'GET', APPLICATIONS, { ut: a.ut }))).toEqual([]);
      expect(data(await call(s.url, 'GET', APPLICATIONS, { ut: b.ut }))).toEqual([]);
    });

    it('keeps a draft, submits it, refuses the same licence again and shows the review', async () => {
      const a = await newShopper(s);
      const page = data(await call(s.url, 'GET', PAGE, { ut: a.ut }));
      expect(page).toMatchObject({ loggedIn: true, draft: null, photos: { min: 1, max: 6 } });
      expect(page.shopTypes.map((t: { key: string }) => t.key)).toContain('community');
      expect(data(await call(s.url, 'GET', PAGE)).loggedIn).toBe(false);

      const photo = data(
        await uploadPhoto(s.url, a.ut, await picture('webp'), 'a.webp', 'image/webp'),
      );
      const draft = data(
        await call(s.url, 'PUT', DRAFT, {
          ut: a.ut,
          body: { shopName: '半成品', regionCode: '110101', photos: [photo.name] },
        }),
      );
      expect(draft).toMatchObject({
        shopName: '半成品',
        licenceNo: '',
        area: { provinceName: '北京市', regionName: '东城区', regionCode: '110101' },
        photos: [{ name: photo.name, url: photo.url }],
      });
      expect(data(await call(s.url, 'GET', PAGE, { ut: a.ut })).draft.shopName).toBe('半成品');

      const submitted = data(
        await call(s.url, 'POST', APPLICATIONS, {
          ut: a.ut,
          body: declaration([photo.name], { licenceNo: ' 9135 0100-m000100y43 ' }),
        }),
      );
      expect(submitted).toMatchObject({
        status: 'pending',
        shopType: { key: 'community', name: '社区零食店' },
        mobile: '13800138000',
        licenceNo: LICENCE,
        area: { cityName: '北京市', regionName: '东城区' },
        rejectReason: null,
        reviewedAt: null,
      });
      // Submitting removes the draft.
      expect(data(await call(s.url, 'GET', PAGE, { ut: a.ut })).draft).toBeNull();

      // The same licence again, by the same shopper or another, while it waits.
      const again = await call(s.url, 'POST', APPLICATIONS, {
        ut: a.ut,
        body: declaration([photo.name]),
      });
      expect(again.body).toMatchObject({
        code: 64021,
        message: '该营业执照已提交过申报，请勿重复提交',
      });
      const b = await newShopper(s);
      const bPhoto = data(await uploadPhoto(s.url, b.ut, await picture()));
      expect(
        (await call(s.url, 'POST', APPLICATIONS, { ut: b.ut, body: declaration([bPhoto.name]) }))
          .body.code,
      ).toBe(64021);

      // Only the owner reads it.
      expect(
        (await call(s.url, 'GET', `${APPLICATIONS}/${submitted.id}`, { ut: b.ut })).body.code,
      ).toBe(64020);

      // The operator rejects it with a reason; the shopper sees the outcome.
      const waiting = data(await admin(s.url, 'GET', `${ADMIN_LIST}?status=pending`));
      expect(waiting.map((w: { id: number }) => w.id)).toContain(submitted.id);
      const review = `${ADMIN_LIST}/${submitted.id}/review`;
      expect((await admin(s.url, 'POST', review, { decision: 'reject' })).body.code).toBe(64023);
      const rejected = data(
        await admin(s.url, 'POST', review, { decision: 'reject', reason: '门头照片不清晰' }),
      );
      expect(rejected).toMatchObject({
        status: 'rejected',
        rejectReason: '门头照片不清晰',
        userId: a.id,
      });
      expect((await admin(s.url, 'POST', review, { decision: 'approve' })).body.code).toBe(64022);
      expect(
        data(await call(s.url, 'GET', `${APPLICATIONS}/${submitted.id}`, { ut: a.ut })),
      ).toMatchObject({
        status: 'rejected',
        rejectReason: '门头照片不清晰',
      });

      // Rejected, the licence may be declared again; approved, it may not.
      const second = data(
        await call(s.url, 'POST', APPLICATIONS, { ut: b.ut, body: declaration([bPhoto.name]) }),
      );
      data(
        await admin(s.url, 'POST', `${ADMIN_LIST}/${second.id}/review`, { decision: 'approve' }),
      );
      expect(
        (await call(s.url, 'POST', APPLICATIONS, { ut: a.ut, body: declaration([photo.name]) }))
          .body.code,
      ).toBe(64021);
      const other = data(
        await call(s.url, 'POST', APPLICATIONS, {
          ut: a.ut,
          body: declaration([photo.name], { licenceNo: OTHER_LICENCE }),
        }),
      );
      expect(
        data(await call(s.url, 'GET', APPLICATIONS, { ut: a.ut })).map((x: { id: number }) => x.id),
      ).toEqual([other.id, submitted.id]);
      expect(
        (await admin(s.url, 'POST', `${ADMIN_LIST}/999999/review`, { decision: 'approve' })).body
          .code,
      ).toBe(64020);
    });
  });
});
