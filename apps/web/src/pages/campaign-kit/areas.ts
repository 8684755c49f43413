// The areas API (province, city, county) through the signed open-API wrapper; only the address
// form loads it, so the signing code stays out of the campaign pages until then.
import { openApiRequest } from '../../request/openApi.ts';
import type { ApiEnvelope } from '../../request/types.ts';

export interface Area {
  code: string;
  name: string;
}

/** Provinces (no parent), or the children of a province or city, from the signed areas API. */
export function fetchAreas(parentCode = ''): Promise<ApiEnvelope<Area[]>> {
  return openApiRequest<Area[]>('/address-app-api/v1/areas', {
    method: 'GET',
    data: parentCode ? { parentCode } : {},
    cache: true,
  });
}
