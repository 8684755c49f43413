import { afterEach, describe, expect, it } from 'vitest';
import { returnPath, withCity } from './ChooseCityPage.tsx';
import { cityFor, rememberCity } from './city.ts';
import { parts } from './Countdown.tsx';

describe('the CMS city', () => {
  afterEach(() => localStorage.clear());

  it('returns only to a CMS page of this site, with the chosen city', () => {
    expect(returnPath('/activity/cmsPage/index?id=index')).toBe('/activity/cmsPage/index?id=index');
    expect(returnPath('/activity/cmsPage/appCouponOnly')).toBe('/activity/cmsPage/appCouponOnly');
    for (const bad of ['https://evil.example.com', '//evil.example.com', '/my/login', null, ''])
      expect(returnPath(bad)).toBe('/activity/cmsPage/index');
    expect(withCity('/activity/cmsPage/index?id=index&city=310100', '330100')).toBe(
      '/activity/cmsPage/index?id=index&city=330100',
    );
  });

  it('takes the URL’s city, else the one chosen last, and ignores malformed ones', () => {
    expect(cityFor(null)).toBeUndefined();
    rememberCity('330100');
    expect(cityFor(null)).toBe('330100');
    expect(cityFor('320100')).toBe('320100');
    expect(cityFor('nanjing')).toBe('330100');
    rememberCity('<script>');
    expect(cityFor(null)).toBe('330100');
  });

  it('splits the time left of a countdown, never below zero', () => {
    expect(parts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(parts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
