// Which stores a station page lists: by distance from the shopper once located; the city the
// shopper picks, or the default city, when location is denied or unavailable.
import { useState } from 'react';
import type { Source } from './useStores.ts';
import { useShopperPosition } from './useShopperPosition.ts';

export function useStationSource(defaultCity: string | null) {
  const { position, locate } = useShopperPosition();
  const [picked, setPicked] = useState<string | null>(null);
  let source: Source = null;
  if (picked) source = { city: picked };
  else if (position.status === 'located') source = { lat: position.lat, lng: position.lng };
  else if (position.status !== 'locating' && defaultCity) source = { city: defaultCity };
  const reason: 'denied' | 'unavailable' | 'picked' | null = picked
    ? 'picked'
    : position.status === 'denied' || position.status === 'unavailable'
      ? position.status
      : null;
  return {
    position,
    source,
    /** Why the list is a city's (null: by distance, or still locating). */
    reason,
    city: picked ?? defaultCity ?? '',
    pick: setPicked,
    relocate: () => {
      setPicked(null);
      locate();
    },
  };
}
