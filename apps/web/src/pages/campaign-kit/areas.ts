// The areas API (province, city, county) through the signed open-API wrapper; only the address
// form loads it, and the client loads the signing code on the first signed call.
import { api, type DataOf } from '../../request/api.ts';

export type Area = DataOf<'areas.children'>[number];

/** Provinces (no parent), or the children of a province or city, from the signed areas API. */
export function fetchAreas(parentCode = '') {
  return api.call('areas.children', parentCode ? { parentCode } : {}, { cache: true });
}
