// THE table: every product and campaign route with its schemas, joined from routes/*.ts and keyed
// by the names of endpoints.ts. The server registers its routes from it, the web's client is
// typed from it, and the OpenAPI document is generated from it.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { headersOf } from './headers.ts';
import { ENDPOINTS, type Endpoint, type EndpointName } from './endpoints.ts';
import type { RouteSchemas } from './routes/define.ts';
import { PRODUCT_ROUTES } from './routes/product.ts';
import { CAMPAIGN_ROUTES } from './routes/campaigns.ts';
import { ADMIN_ROUTES } from './routes/admin.ts';
import { HUB_ROUTES } from './routes/hub.ts';
import { COMMERCE_ROUTES } from './routes/commerce.ts';
import { WECHAT_ROUTES } from './routes/wechat.ts';
import { GAME_ROUTES } from './routes/games.ts';
import { FORM_ROUTES } from './routes/forms.ts';
import { RAIN_ROUTES } from './routes/rain.ts';
import { FISSION_ROUTES } from './routes/fission.ts';
import { GAME_CENTRE_ROUTES } from './routes/game-centre.ts';
import { CMS_ROUTES } from './routes/cms.ts';
import { MEDIA_ROUTES } from './routes/media.ts';
import { CONTENT_ROUTES } from './routes/content.ts';
import { XBORDER_ROUTES } from './routes/xborder.ts';
import { ORANGE_CARD_ROUTES } from './routes/orange-card.ts';
import { ADMIN_FULFILMENT_ROUTES } from './routes/admin-fulfilment.ts';
import { ADMIN_CONSOLE_ROUTES } from './routes/admin-console.ts';
import { CHAT_ROUTES } from './routes/chat.ts';
import { POSTOFFICE_ROUTES } from './routes/postoffice.ts';
import { LIVE_ROUTES } from './routes/live.ts';
import { CUSTOMER_SERVICE_ROUTES } from './routes/customer-service.ts';

const JOINED = {
  ...PRODUCT_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...GAME_ROUTES,
  ...ADMIN_ROUTES,
  ...HUB_ROUTES,
  ...COMMERCE_ROUTES,
  ...WECHAT_ROUTES,
  ...FORM_ROUTES,
  ...RAIN_ROUTES,
  ...FISSION_ROUTES,
  ...GAME_CENTRE_ROUTES,
  ...CMS_ROUTES,
  ...MEDIA_ROUTES,
  ...CONTENT_ROUTES,
  ...XBORDER_ROUTES,
  ...ORANGE_CARD_ROUTES,
  ...ADMIN_FULFILMENT_ROUTES,
  ...ADMIN_CONSOLE_ROUTES,
  ...CHAT_ROUTES,
  ...POSTOFFICE_ROUTES,
  ...LIVE_ROUTES,
  ...CUSTOMER_SERVICE_ROUTES,
};

/** An endpoint without schemas fails the type check here (defineRoutes refuses unknown names). */
type Missing = Exclude<EndpointName, keyof typeof JOINED>;
const complete: [Missing] extends [never] ? true : { missing: Missing } = true;
void complete;

export const ROUTES: Readonly<Record<EndpointName, RouteSchemas>> = JOINED;
export type Routes = typeof JOINED;
export type RouteName = EndpointName;

/** One route as the server registers it and the OpenAPI document lists it. */
export interface RouteDefinition extends RouteSchemas, Endpoint {
  readonly name: RouteName;
  /** The headers the route reads (from its access). */
  readonly headers: TObject | undefined;
}

export function routeDefinition(name: RouteName): RouteDefinition {
  const endpoint: Endpoint = ENDPOINTS[name];
  return { name, ...endpoint, ...ROUTES[name], headers: headersOf(endpoint.access) };
}

export const ROUTE_NAMES = Object.keys(ENDPOINTS) as RouteName[];

type Part<N extends RouteName, K extends string> = Routes[N] extends {
  readonly [P in K]: infer S extends TSchema;
}
  ? Static<S>
  : undefined;

export type QueryOf<N extends RouteName> = Part<N, 'querystring'>;
export type ParamsOf<N extends RouteName> = Part<N, 'params'>;
export type BodyOf<N extends RouteName> = Part<N, 'body'>;
/** The `data` of a success. */
export type DataOf<N extends RouteName> = Part<N, 'data'>;

/**
 * What a handler of route N resolves to: the envelope around its `data` (the default), the `data`
 * itself for a `bare` route, and anything the reply can send for a file route (a string, a buffer,
 * or the reply after `reply.send`).
 */
export type ReplyOf<N extends RouteName> = Routes[N] extends { readonly reply: 'bare' }
  ? DataOf<N>
  : Routes[N] extends { readonly reply: `${string}/${string}` }
    ? unknown
    : { code: 0; message: string; data: DataOf<N> };

/** What a Fastify handler of route N is typed with. */
export interface RouteGenericOf<N extends RouteName> {
  Querystring: QueryOf<N>;
  Params: ParamsOf<N>;
  Body: BodyOf<N>;
}
