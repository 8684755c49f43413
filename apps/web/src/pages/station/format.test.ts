import { describe, expect, it } from 'vitest';
import { distanceText, navigationUrl } from './format.ts';

describe('store distance and navigation', () => {
  it('reads metres under a kilometre, one decimal to 25 km, whole kilometres beyond', () => {
    expect(distanceText(0)).toBe('1m');
    expect(distanceText(327)).toBe('327m');
    expect(distanceText(999)).toBe('999m');
    expect(distanceText(1000)).toBe('1.0km');
    expect(distanceText(2640)).toBe('2.6km');
    expect(distanceText(26_960)).toBe('27km');
  });

  it('opens the maps service’s marker page on the store, longitude first', () => {
    const url = new URL(navigationUrl({ lat: 31.2353, lng: 121.478, name: 'Morsel 人民广场店' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe('121.478,31.2353');
    expect(url.searchParams.get('name')).toBe('Morsel 人民广场店');
  });
});
