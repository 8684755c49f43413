// Stores nearest first: great-circle (haversine) distance from the shopper's position, sorted,
// then one page of them. Pure functions, so the order and the paging are tested alone.
import type { StoreConfig } from './settings.ts';

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres between two points on the sphere (haversine). */
export function distanceMetres(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Ranked {
  store: StoreConfig;
  distance: number | null;
}

/** Open stores by distance from `from` (ties by id, so pages never overlap). */
export function byDistance(stores: StoreConfig[], from: { lat: number; lng: number }): Ranked[] {
  return stores
    .filter((s) => !s.closed)
    .map((store) => ({ store, distance: Math.round(distanceMetres(from, store)) }))
    .sort((a, b) => a.distance - b.distance || a.store.id.localeCompare(b.store.id));
}

/** Open stores of one city in the operator's order. */
export function inCity(stores: StoreConfig[], cityCode: string): Ranked[] {
  return stores
    .filter((s) => !s.closed && s.cityCode === cityCode)
    .map((store) => ({ store, distance: null }));
}

export function pageOf<T>(items: T[], page: number, size: number) {
  const start = (page - 1) * size;
  return {
    items: items.slice(start, start + size),
    total: items.length,
    hasMore: start + size < items.length,
  };
}
