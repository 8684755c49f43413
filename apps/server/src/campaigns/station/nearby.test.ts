import { describe, expect, it } from 'vitest';
import { byDistance, distanceMetres, inCity, pageOf } from './nearby.ts';
import type { StoreConfig } from './settings.ts';

const store = (id: string, lat: number, lng: number, extra: Partial<StoreConfig> = {}) =>
  ({
    id,
    code: id.toUpperCase(),
    name: id,
    cityCode: '310100',
    address: 'a',
    phone: '',
    hours: '',
    lat,
    lng,
    ...extra,
  }) as StoreConfig;

describe('distance and order of stores', () => {
  it('measures the great circle: Shanghai to Hangzhou is about 165 km, a point to itself 0', () => {
    const shanghai = { lat: 31.2304, lng: 121.4737 };
    const hangzhou = { lat: 30.2741, lng: 120.1551 };
    expect(distanceMetres(shanghai, hangzhou)).toBeGreaterThan(160_000);
    expect(distanceMetres(shanghai, hangzhou)).toBeLessThan(170_000);
    expect(distanceMetres(shanghai, shanghai)).toBe(0);
    // One degree of latitude is about 111.2 km anywhere.
    expect(Math.round(distanceMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }) / 100)).toBe(1112);
    // Across the antimeridian the short way round.
    expect(distanceMetres({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeLessThan(23_000);
  });

  it('sorts nearest first, ties by id, closed stores left out, and pages without overlap', () => {
    const stores = [
      store('far', 31.3, 121.5),
      store('b-near', 31.23, 121.47),
      store('a-near', 31.23, 121.47),
      store('closed', 31.23, 121.47, { closed: true }),
    ];
    const ranked = byDistance(stores, { lat: 31.23, lng: 121.47 });
    expect(ranked.map((r) => r.store.id)).toEqual(['a-near', 'b-near', 'far']);
    expect(ranked[0]!.distance).toBe(0);
    expect(pageOf(ranked, 1, 2)).toMatchObject({ total: 3, hasMore: true });
    expect(pageOf(ranked, 2, 2).items.map((r) => r.store.id)).toEqual(['far']);
    expect(pageOf(ranked, 3, 2)).toMatchObject({ items: [], hasMore: false });
    expect(inCity(stores, '310100').map((r) => r.store.id)).toEqual(['far', 'b-near', 'a-near']);
  });
});
