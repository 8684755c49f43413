// CMS pages and the store stations (docs/cms-and-stations.md, decision 0032): pages assembled
// from configured blocks by city, the city list, stores near the shopper (distance on the
// server), one store with its code, and the station's official-account page.
import { Type } from '@sinclair/typebox';
import { Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView, TemplateView } from '../schemas/views.ts';
import { CAMPAIGN, defineRoutes, UNREADABLE } from './define.ts';

/** A page id of the `cms` settings (`?id=` of /activity/cmsPage/*). */
export const CmsPageId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });
/** A city of the CMS and station settings: its six-digit division code. */
export const CityCode = Type.String({ pattern: '^\\d{6}$' });

const City = Type.Object({ code: Type.String(), name: Type.String() });
const Link = Type.String({ description: 'a path of this site or an https URL; "" none' });

const BannerBlock = Type.Object({
  type: Type.Literal('banner'),
  items: Type.Array(Type.Object({ image: Type.String(), alt: Type.String(), link: Link })),
});
const CouponsBlock = Type.Object({
  type: Type.Literal('coupons'),
  title: Type.String(),
  /** The coupon centre's templates with the shopper's state, as `coupon.centre` answers them. */
  coupons: Type.Array(
    Type.Object({
      ...TemplateView.properties,
      perUserLimit: Type.Integer(),
      claimedByMe: Type.Integer(),
      soldOut: Type.Boolean(),
      state: StringEnum(['claimable', 'claimed', 'sold_out']),
    }),
  ),
});
const ProductsBlock = Type.Object({
  type: Type.Literal('products'),
  title: Type.String(),
  columns: Type.Integer(),
  items: Type.Array(
    Type.Object({
      name: Type.String(),
      image: Type.String(),
      price: Type.Integer({ description: 'fen' }),
      originalPrice: Nullable(Type.Integer({ description: 'fen' })),
      tag: Type.String(),
      link: Link,
    }),
  ),
});
const RichTextBlock = Type.Object({
  type: Type.Literal('richText'),
  html: Type.String({ description: 'sanitised on the server: a fixed allow-list of tags' }),
});
const CountdownBlock = Type.Object({
  type: Type.Literal('countdown'),
  title: Type.String(),
  endsAt: Millis,
  endedText: Type.String(),
});

export const CmsBlock = Type.Union([
  BannerBlock,
  CouponsBlock,
  ProductsBlock,
  RichTextBlock,
  CountdownBlock,
]);

const StoreView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  cityCode: Type.String(),
  cityName: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  hours: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  /** Metres from the shopper's position; null when the list is by city. */
  distance: Nullable(Type.Integer()),
});

const MapConfig = Nullable(
  Type.Object(
    {
      key: Type.String(),
      /** The maps service's loader (version 2.0 with its geolocation plugin). */
      loaderUrl: Type.String(),
      securityCode: Type.String(),
    },
    { description: 'null when no map key is configured: the page shows the list alone' },
  ),
);

const Coordinate = (min: number, max: number) =>
  Type.String({
    pattern: '^-?\\d{1,3}(\\.\\d{1,8})?$',
    description: `decimal degrees, ${min} to ${max}`,
  });

export const CMS_ROUTES = defineRoutes({
  'cms.page': {
    summary: 'A CMS page for a city: its blocks, rich text sanitised, coupons with my state',
    params: Type.Object({ page: CmsPageId }),
    querystring: Type.Object({ city: Type.Optional(CityCode) }),
    data: Type.Object({
      campaign: CampaignView,
      id: Type.String(),
      title: Type.String(),
      background: Type.String(),
      city: City,
      /** Whether the page differs by city (the page then offers 切换城市). */
      byCity: Type.Boolean(),
      loggedIn: Type.Boolean(),
      blocks: Type.Array(CmsBlock),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'cmsPageNotFound'],
  },
  'cms.cities': {
    summary: 'The cities CMS pages are configured for, and the default',
    data: Type.Object({ cities: Type.Array(City), defaultCity: Type.String() }),
    errors: [...CAMPAIGN],
  },
  'station.info': {
    summary: 'The station pages: copy, official account, cities, and the map when configured',
    data: Type.Object({
      campaign: CampaignView,
      shareTitle: Type.String(),
      shareDescription: Type.String(),
      officialAccount: Type.Object({
        name: Type.String(),
        qrImage: Type.String(),
        intro: Type.String(),
        benefits: Type.Array(Type.String()),
      }),
      cities: Type.Array(City),
      defaultCity: Type.String(),
      map: MapConfig,
    }),
    errors: [...CAMPAIGN],
  },
  'station.nearby': {
    summary:
      'Stores nearest first from a position (haversine on the server), or a city’s stores; paginated, limited per address',
    querystring: Type.Object({
      lat: Type.Optional(Coordinate(-90, 90)),
      lng: Type.Optional(Coordinate(-180, 180)),
      city: Type.Optional(CityCode),
      page: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,3}$' })),
      pageSize: Type.Optional(Type.String({ pattern: '^([1-9]|1\\d|20)$' })),
    }),
    data: Type.Object({
      stores: Type.Array(StoreView),
      page: Type.Integer(),
      total: Type.Integer(),
      hasMore: Type.Boolean(),
      /** What the list is ordered by: distance from the position, or the city's stores. */
      by: StringEnum(['distance', 'city']),
      city: Nullable(City),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'tooManyRequests', 'stationLocationInvalid'],
  },
  'station.store': {
    summary: 'One store and what its exclusive code carries',
    params: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) }),
    data: Type.Object({
      campaign: CampaignView,
      store: StoreView,
      /** The path the store's code opens (the download page, attributed to the store). */
      codePath: Type.String(),
      codeHint: Type.String(),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'storeNotFound'],
  },
});
