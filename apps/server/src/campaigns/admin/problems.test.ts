// The admin problem list: every wrong field once, with what it expects in Chinese; and the JSON
// merge patch settings go through (RFC 7386's own examples).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { settingsProblemList } from './checks.ts';
import { mergePatch } from './merge-patch.ts';
import { badConfig, expectation, problemsText } from './problems.ts';

describe('admin problems', () => {
  it('names every wrong field of a settings object, not only the first', () => {
    expect(
      settingsProblemList('raffle', {
        layout: 'slot',
        dailyChances: -1,
        bonusChancesPerDay: 0,
        fallbackPrize: 'thanks',
        extra: true,
      }),
    ).toEqual([
      { field: 'settings.winnersShown', expects: '缺少该字段' },
      { field: 'settings.extra', expects: '不是可用的字段' },
      { field: 'settings.layout', expects: '应为wheel、grid 之一' },
      { field: 'settings.dailyChances', expects: '应为0 到 1000000 之间的整数' },
    ]);
    expect(settingsProblemList('lottery', {})).toEqual([
      { field: 'kind', expects: expect.stringContaining('应为已有的活动类型') },
    ]);
  });

  it("names every problem of a kind's own settings check at once, in Chinese", () => {
    const seeded = (name: string) =>
      (
        JSON.parse(
          fs.readFileSync(new URL(`../../../seed/campaigns/${name}.json`, import.meta.url), 'utf8'),
        ) as { settings: Record<string, unknown> }
      ).settings;
    const rain = seeded('rain');
    expect(
      settingsProblemList('rain', {
        ...rain,
        minCatches: 100,
        packetsPerRound: 40,
        roundSeconds: 5,
        fallMs: 6000,
      }),
    ).toEqual([
      { field: 'settings.minCatches', expects: '应不大于每轮红包数 packetsPerRound（40）' },
      {
        field: 'settings.fallMs',
        expects: '应小于一轮的时长（roundSeconds 5 秒，即 5000 毫秒）',
      },
    ]);
    const station = seeded('station') as {
      stores: { id: string; code: string; cityCode: string }[];
    };
    const first = station.stores[0]!;
    const problems = settingsProblemList('station', {
      ...station,
      defaultCity: '999999',
      stores: [
        ...station.stores,
        first,
        { ...first, id: 'x-1', code: 'XX0001', cityCode: '110100' },
      ],
    });
    expect(problems).toEqual([
      {
        field: 'settings.defaultCity',
        expects: '应为 settings.cities 中的城市（999999 不在其中）',
      },
      { field: 'settings.stores', expects: `门店编号 id ${first.id} 重复` },
      { field: 'settings.stores', expects: `门店代码 code ${first.code} 重复` },
      {
        field: 'settings.stores.x-1.cityCode',
        expects: '应为 settings.cities 中的城市（110100 不在其中）',
      },
    ]);
    // No English left in any message.
    for (const p of problems) expect(p.expects).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says what a schema expects', () => {
    expect(expectation({ type: 'integer', minimum: -1, maximum: 7 })).toBe('-1 到 7 之间的整数');
    expect(expectation({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 0 }] })).toBe(
      '不小于 0 的整数，或 null（不限）',
    );
    expect(expectation({ type: 'string', maxLength: 64 })).toBe('至多 64 个字符的文本');
  });

  it('joins problems into one message, each once, with 61003 at HTTP 400', () => {
    const problems = [
      { field: 'slot', expects: '应为 0 到 7 之间的整数' },
      { field: 'slot', expects: '应为 0 到 7 之间的整数' },
      { field: 'weight', expects: '应为整数' },
    ];
    expect(problemsText(problems)).toBe('slot 应为 0 到 7 之间的整数；weight 应为整数');
    expect(badConfig(problems)).toMatchObject({
      code: 61003,
      status: 400,
      message: '活动配置不正确：slot 应为 0 到 7 之间的整数；weight 应为整数',
    });
  });
});

describe('settings merge patch', () => {
  it('follows RFC 7386', () => {
    expect(mergePatch({ a: 'b' }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: 'b' }, { b: 'c' })).toEqual({ a: 'b', b: 'c' });
    expect(mergePatch({ a: 'b' }, { a: null })).toEqual({});
    expect(mergePatch({ a: ['b'] }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: { b: 'c' } }, { a: { b: 'd', c: null } })).toEqual({ a: { b: 'd' } });
    expect(mergePatch({ a: [{ b: 'c' }] }, { a: [1] })).toEqual({ a: [1] });
    expect(mergePatch(['a', 'b'], ['c', 'd'])).toEqual(['c', 'd']);
    expect(mergePatch({ a: 'foo' }, null)).toBeNull();
    expect(mergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
  });
});
