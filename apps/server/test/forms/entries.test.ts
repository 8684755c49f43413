// Join us and the activity sign-up over real HTTP: every field checked at once, one entry per
// shopper and per mobile, the shopper's entries on the page, and the operators' CSV export
// (Excel's BOM, formulas escaped).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  ADMIN_KEY,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
} from '../campaigns/helpers.ts';

const merchant = (overrides: Record<string, unknown> = {}) => ({
  name: '李加盟',
  mobile: '139 0013 9000',
  choice: '20-50万元',
  regionCode: '310101',
  message: '=HYPERLINK("http://evil")',
  ...overrides,
});

async function csv(base: string, form: string) {
  const response = await fetch(`${base}/admin/api/forms/${form}/entries.csv`, {
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    type: response.headers.get('content-type') ?? '',
    bom: bytes.subarray(0, 3).toString('hex'),
    // The decoder drops the byte-order mark.
    text: new TextDecoder().decode(bytes),
  };
}

await onEachEngine((engine, overrides, cleanup) => {
  describe(`join us and sign-up on ${engine}`, () => {
    let s: ProductTestServer;
    beforeAll(async () => {
      s = await startCampaignServer(await overrides());
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('takes one application per track from a shopper and from a mobile, and exports them', async () => {
      const page = data(await call(s.url, 'GET', '/api/forms/joinus'));
      expect(page.tracks.map((t: { key: string }) => t.key)).toEqual(['merchant', 'supplier']);
      expect(page).toMatchObject({ loggedIn: false, mine: [] });

      const a = await newShopper(s);
      const empty = await call(s.url, 'POST', '/api/forms/joinus/supplier', { ut: a.ut, body: {} });
      expect(empty.body.code).toBe(64000);
      expect(Object.keys(empty.body.data.fields).sort()).toEqual([
        'choice',
        'company',
        'mobile',
        'name',
        'regionCode',
      ]);
      const badChoice = await call(s.url, 'POST', '/api/forms/joinus/merchant', {
        ut: a.ut,
        body: merchant({ choice: '一个亿' }),
      });
      expect(badChoice.body).toMatchObject({ code: 64000, message: '投资预算不存在，请重新选择' });
      expect(
        (await call(s.url, 'POST', '/api/forms/joinus/partner', { ut: a.ut, body: merchant() }))
          .status,
      ).toBe(400);

      const sent = data(
        await call(s.url, 'POST', '/api/forms/joinus/merchant', { ut: a.ut, body: merchant() }),
      );
      expect(sent).toMatchObject({
        track: 'merchant',
        mobile: '13900139000',
        area: { provinceName: '上海市', regionName: '黄浦区' },
      });
      const again = await call(s.url, 'POST', '/api/forms/joinus/merchant', {
        ut: a.ut,
        body: merchant({ mobile: '13900139001' }),
      });
      expect(again.body).toMatchObject({ code: 64030, message: '您已提交过申请，请勿重复提交' });
      const b = await newShopper(s);
      const sameMobile = await call(s.url, 'POST', '/api/forms/joinus/merchant', {
        ut: b.ut,
        body: merchant(),
      });
      expect(sameMobile.body.code).toBe(64031);
      // The other track is a separate application.
      data(
        await call(s.url, 'POST', '/api/forms/joinus/supplier', {
          ut: a.ut,
          body: merchant({ company: '上海好味食品有限公司', choice: '坚果炒货' }),
        }),
      );
      const mine = data(await call(s.url, 'GET', '/api/forms/joinus', { ut: a.ut })).mine;
      expect(mine.map((e: { track: string }) => e.track)).toEqual(['merchant', 'supplier']);

      const exported = await csv(s.url, 'joinus-merchant');
      expect(exported.type).toContain('text/csv');
      const lines = exported.text.trim().split('\n');
      // Excel reads UTF-8 only after a byte-order mark.
      expect(exported.bom).toBe('efbbbf');
      expect(lines[0]).toBe('编号,提交时间,姓名,手机号,公司,选项,省,市,区县,留言,用户ID');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('李加盟,13900139000,,20-50万元,上海市,上海市,黄浦区');
      // A formula a shopper typed is text in the spreadsheet.
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
      const refused = await fetch(`${s.url}/admin/api/forms/apply/entries.csv`);
      expect(refused.status).toBe(401);
    });

    it('signs a shopper up once, with the party size checked', async () => {
      const a = await newShopper(s);
      const page = data(await call(s.url, 'GET', '/api/forms/apply', { ut: a.ut }));
      expect(page).toMatchObject({ maxPeople: 3, loggedIn: true, mine: null });
      const tooMany = await call(s.url, 'POST', '/api/forms/apply', {
        ut: a.ut,
        body: { name: '张报名', mobile: '13700137000', people: 4 },
      });
      expect(tooMany.body).toMatchObject({
        code: 64000,
        data: { fields: { people: '参加人数为1-3人' } },
      });
      const signed = data(
        await call(s.url, 'POST', '/api/forms/apply', {
          ut: a.ut,
          body: { name: '张报名', mobile: '137 0013 7000', people: 2, remark: '' },
        }),
      );
      expect(signed).toMatchObject({ name: '张报名', mobile: '13700137000', people: 2 });
      expect(
        (
          await call(s.url, 'POST', '/api/forms/apply', {
            ut: a.ut,
            body: { name: '张报名', mobile: '13700137001', people: 1 },
          })
        ).body.code,
      ).toBe(64032);
      expect(data(await call(s.url, 'GET', '/api/forms/apply', { ut: a.ut })).mine).toMatchObject({
        people: 2,
      });
      const lines = (await csv(s.url, 'apply')).text.trim().split('\n');
      expect(lines.slice(1).some((line) => line.includes('张报名,13700137000,2'))).toBe(true);
    });
  });
});
