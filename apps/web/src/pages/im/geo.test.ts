import { describe, expect, it } from 'vitest';
import { formatBytes, formatCoords, mapLinkOf } from './geo.ts';

describe('a location and a file as the chat shows them', () => {
  it('says the coordinates in words, either side of the equator and of Greenwich', () => {
    expect(formatCoords({ lng: 121.47372, lat: 31.23042 })).toBe('北纬 31.2304°，东经 121.4737°');
    expect(formatCoords({ lng: -0.1276, lat: -33.8688 })).toBe('南纬 33.8688°，西经 0.1276°');
  });

  it('opens the maps service’s marker page with the GPS coordinates and the name', () => {
    const url = new URL(mapLinkOf({ lng: 121.4737, lat: 31.2304, title: '人民广场 & 地铁' }));
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe('121.4737,31.2304');
    expect(url.searchParams.get('name')).toBe('人民广场 & 地铁');
    expect(url.searchParams.get('coordinate')).toBe('wgs84');
  });

  it('gives a file’s size in the unit that reads best', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_600)).toBe('12.3 KB');
    expect(formatBytes(4_718_592)).toBe('4.5 MB');
    expect(formatBytes(undefined)).toBe('');
  });
});
