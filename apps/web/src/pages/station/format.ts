// How a store's distance and its navigation link read.

/** 350 m -> "350m", 1234 m -> "1.2km", 25 km and more -> "25km". */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.max(1, Math.round(metres))}m`;
  const km = metres / 1000;
  return km < 25 ? `${km.toFixed(1)}km` : `${Math.round(km)}km`;
}

/**
 * The maps service's public marker page (its URI API, no key needed): opens the maps app or
 * its mobile site on the store, where the shopper starts navigation.
 */
export function navigationUrl(store: { lat: number; lng: number; name: string }): string {
  const query = new URLSearchParams({
    position: `${store.lng},${store.lat}`,
    name: store.name,
    src: 'morsel',
    coordinate: 'gaode',
    callnative: '1',
  });
  return `https://uri.amap.com/marker?${query.toString()}`;
}
