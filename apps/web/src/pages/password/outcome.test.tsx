import { describe, expect, it } from 'vitest';
import type { Award } from '../campaign-kit/api.ts';
import { outcomeOf } from './outcome.ts';

const award = { id: 1, name: '88积分', kind: 'points' } as Award;

describe('password outcome', () => {
  it('reads a win with the prize', () => {
    expect(outcomeOf(0, 'ok', award)).toEqual({
      tone: 'win',
      title: '兑换成功',
      message: '恭喜获得「88积分」',
      award,
    });
  });
  it('gives wrong, used-up, expired and rate-limited attempts distinct titles and keeps the server message', () => {
    const titles = [60040, 60041, 60042, 60045].map((code) => outcomeOf(code, `m${code}`, null));
    expect(new Set(titles.map((o) => o.title)).size).toBe(4);
    expect(titles.every((o) => o.tone === 'refused' && o.award === null)).toBe(true);
    expect(outcomeOf(60045, '尝试次数过多，请10分钟后再试', null).message).toBe(
      '尝试次数过多，请10分钟后再试',
    );
  });
  it('falls back for codes it does not know', () => {
    expect(outcomeOf(-500, '请求出错，请稍后再试', null).title).toBe('兑换失败');
  });
});
