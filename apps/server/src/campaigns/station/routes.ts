// The store stations (/activity/station/*, /activity/singleStoreAndCode): the pages' copy and
// map configuration, stores near the shopper (distance computed here, never trusted from the
// page; limited per address since every call ranks the whole list), and one store with its code.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import { hitCounter } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';
import { parseSettings, publicCampaign, requireCampaign } from '../kernel/window.ts';
import { byDistance, inCity, pageOf, type Ranked } from './nearby.ts';
import type { StationSettings, StoreConfig } from './settings.ts';

export const STATION_CAMPAIGN = 'station';
const LISTS_PER_ADDRESS_PER_MINUTE = 60;
const PAGE_SIZE = 10;

function storeView(settings: StationSettings, { store, distance }: Ranked) {
  return {
    id: store.id,
    code: store.code,
    name: store.name,
    cityCode: store.cityCode,
    cityName: settings.cities.find((c) => c.code === store.cityCode)?.name ?? '',
    address: store.address,
    phone: store.phone,
    hours: store.hours,
    lat: store.lat,
    lng: store.lng,
    distance,
  };
}

export function registerStationRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock, config } = ctx.product;
  const load = async () => {
    const campaign = await requireCampaign(db, STATION_CAMPAIGN);
    return { campaign, settings: parseSettings<StationSettings>(campaign) };
  };
  // Version 2.0 with the geolocation plugin (spec section 1); the security code goes to the page
  // as the service's JS API asks (window._AMapSecurityConfig) when the operator set one.
  const map = config.mapKey
    ? {
        key: config.mapKey,
        loaderUrl: `${config.mapLoaderUrl}?v=2.0&key=${encodeURIComponent(config.mapKey)}&plugin=AMap.Geolocation`,
        securityCode: config.mapSecurityCode ?? '',
      }
    : null;

  route(scope, 'station.info', async () => {
    const { campaign, settings } = await load();
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      shareTitle: settings.shareTitle,
      shareDescription: settings.shareDescription,
      officialAccount: settings.officialAccount,
      cities: settings.cities.map(({ code, name }) => ({ code, name })),
      defaultCity: settings.defaultCity,
      map,
    });
  });

  route(scope, 'station.nearby', async (request) => {
    const now = clock.now();
    const minute = (Math.floor(now / 60_000) + 1) * 60_000;
    const budget = await hitCounter(db, `station.nearby:${clientAddress(request)}`, now, minute);
    if (budget.count > LISTS_PER_ADDRESS_PER_MINUTE) throw fail('tooManyRequests');
    const { settings } = await load();
    const q = request.query;
    if ((q.lat === undefined) !== (q.lng === undefined)) throw fail('stationLocationInvalid');
    const page = Number(q.page ?? 1);
    const size = Number(q.pageSize ?? PAGE_SIZE);
    let ranked: Ranked[];
    let city: { code: string; name: string } | null = null;
    if (q.lat !== undefined && q.lng !== undefined) {
      const from = { lat: Number(q.lat), lng: Number(q.lng) };
      if (Math.abs(from.lat) > 90 || Math.abs(from.lng) > 180) throw fail('stationLocationInvalid');
      ranked = byDistance(settings.stores, from);
    } else {
      const chosen =
        settings.cities.find((c) => c.code === q.city) ??
        settings.cities.find((c) => c.code === settings.defaultCity)!;
      city = { code: chosen.code, name: chosen.name };
      ranked = inCity(settings.stores, chosen.code);
    }
    const { items, total, hasMore } = pageOf(ranked, page, size);
    return ok({
      stores: items.map((r) => storeView(settings, r)),
      page,
      total,
      hasMore,
      by: city ? 'city' : 'distance',
      city,
    });
  });

  route(scope, 'station.store', async (request) => {
    const { campaign, settings } = await load();
    const store: StoreConfig | undefined = settings.stores.find((s) => s.id === request.params.id);
    if (!store || store.closed) throw fail('storeNotFound');
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      store: storeView(settings, { store, distance: null }),
      codePath: `/activity/download/outdoor?storeCode=${store.code}`,
      codeHint: settings.codeHint,
    });
  });
}
