// The personal information list over real HTTP: the list as configured, what the product holds
// about a shopper (masked), one waiting export and one waiting delete request, and operators
// fulfilling them: an export hands over the data unmasked, a delete removes the forms' data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
} from '../campaigns/helpers.ts';
import { declaration, picture, uploadPhoto } from './helpers.ts';

const REQUESTS = '/api/forms/privacy/requests';
const ADMIN_REQUESTS = '/admin/api/privacy/requests';

await onEachEngine((engine, overrides, cleanup) => {
  describe(`personal information on ${engine}`, () => {
    let s: ProductTestServer;
    beforeAll(async () => {
      s = await startCampaignServer(await overrides());
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('lists what is collected, shows what is held masked, and fulfils export and delete', async () => {
      const list = data(await call(s.url, 'GET', '/api/forms/privacy'));
      expect(list.items.map((i: { key: string }) => i.key)).toContain('business');
      expect((await call(s.url, 'GET', '/api/forms/privacy/mine')).body.code).toBe(-331007);

      const a = await newShopper(s);
      const photo = data(await uploadPhoto(s.url, a.ut, await picture()));
      data(
        await call(s.url, 'POST', '/api/forms/fullshop/applications', {
          ut: a.ut,
          body: declaration([photo.name]),
        }),
      );
      data(
        await call(s.url, 'POST', '/api/forms/apply', {
          ut: a.ut,
          body: { name: '王小明', mobile: '13600136000', people: 1 },
        }),
      );
      const mine = data(await call(s.url, 'GET', '/api/forms/privacy/mine', { ut: a.ut }));
      const held = Object.fromEntries(
        mine.held.map((h: { key: string; values: string[] }) => [h.key, h.values]),
      );
      expect(held.mobile).toEqual([`${a.mobile.slice(0, 3)}****${a.mobile.slice(-4)}`]);
      expect(held.business).toEqual([
        '好味零食铺（王*明，138****8000，信用代码 9135**********0Y43）',
      ]);
      expect(held.contact).toEqual(['活动报名：王*明，136****6000']);
      expect(held.photos).toEqual(['门店照片 1 张']);

      const exportRequest = data(
        await call(s.url, 'POST', REQUESTS, { ut: a.ut, body: { kind: 'export' } }),
      );
      expect(exportRequest).toMatchObject({ kind: 'export', status: 'pending', doneAt: null });
      expect(
        (await call(s.url, 'POST', REQUESTS, { ut: a.ut, body: { kind: 'export' } })).body.code,
      ).toBe(64040);
      const deleteRequest = data(
        await call(s.url, 'POST', REQUESTS, { ut: a.ut, body: { kind: 'delete' } }),
      );

      const waiting = data(await admin(s.url, 'GET', `${ADMIN_REQUESTS}?status=pending`));
      expect(waiting.map((r: { id: number }) => r.id)).toEqual(
        expect.arrayContaining([exportRequest.id, deleteRequest.id]),
      );
      const exported = data(
        await admin(s.url, 'POST', `${ADMIN_REQUESTS}/${exportRequest.id}/fulfil`),
      );
      expect(exported.request).toMatchObject({ status: 'done', userId: a.id });
      expect(exported.export.account.mobile).toBe(a.mobile);
      expect(exported.export.outletDeclarations[0].licence_no).toBe('91350100M000100Y43');
      expect(exported.export.formEntries[0]).toMatchObject({
        form: 'apply',
        mobile: '13600136000',
      });
      expect(
        (await admin(s.url, 'POST', `${ADMIN_REQUESTS}/${exportRequest.id}/fulfil`)).body.code,
      ).toBe(64042);

      data(await admin(s.url, 'POST', `${ADMIN_REQUESTS}/${deleteRequest.id}/fulfil`));
      const after = data(await call(s.url, 'GET', '/api/forms/privacy/mine', { ut: a.ut }));
      const heldAfter = Object.fromEntries(
        after.held.map((h: { key: string; values: string[] }) => [h.key, h.values]),
      );
      expect(heldAfter.contact).toEqual([]);
      // The submitted declaration is a business record and stays.
      expect(heldAfter.business).toHaveLength(1);
      expect(after.requests.map((r: { status: string }) => r.status)).toEqual(['done', 'done']);
      // Done, a new request of the same kind may be made.
      data(await call(s.url, 'POST', REQUESTS, { ut: a.ut, body: { kind: 'export' } }));
      expect((await admin(s.url, 'POST', `${ADMIN_REQUESTS}/999999/fulfil`)).body.code).toBe(64041);
    });
  });
});
