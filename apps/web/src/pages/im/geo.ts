// A location message's place and how the chat shows it: the coordinates in words, and the maps
// service's own marker page (AMap's URI API, spec section 1's maps service; it takes the
// browser's WGS-84 coordinates as they are and needs no key).
export interface Place {
  lng: number;
  lat: number;
  title: string;
}

/** 北纬 31.2304°，东经 121.4737° */
export function formatCoords({ lng, lat }: Pick<Place, 'lng' | 'lat'>): string {
  const part = (value: number, positive: string, negative: string) =>
    `${value >= 0 ? positive : negative} ${Math.abs(value).toFixed(4)}°`;
  return `${part(lat, '北纬', '南纬')}，${part(lng, '东经', '西经')}`;
}

export function mapLinkOf({ lng, lat, title }: Place): string {
  const params = new URLSearchParams({
    position: `${lng},${lat}`,
    name: title,
    coordinate: 'wgs84',
    callnative: '0',
  });
  return `https://uri.amap.com/marker?${params.toString()}`;
}

/** 12.3 KB, 4.5 MB: a file card's size. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
