// @morsel/api: the HTTP API contract (CONTEXT.md).
export {
  CODES,
  PRODUCT_CODES,
  CAMPAIGN_CODES,
  FORM_CODES,
  CONTENT_CODES,
  OK,
  type CodeName,
} from './codes.ts';
export { ApiError, fail, ok, type FailOptions } from './api-error.ts';
export {
  ENDPOINTS,
  methodsOf,
  type Access,
  type Endpoint,
  type EndpointName,
  type Method,
} from './endpoints.ts';
export {
  ROUTES,
  ROUTE_NAMES,
  routeDefinition,
  type BodyOf,
  type DataOf,
  type ParamsOf,
  type QueryOf,
  type RouteDefinition,
  type RouteGenericOf,
  type ReplyOf,
  type RouteName,
  type Routes,
} from './table.ts';
export type { RouteSchemas } from './routes/define.ts';
export { headersOf } from './headers.ts';
export {
  createApiClient,
  fillPath,
  type ApiClient,
  type CallOptions,
  type Envelope,
  type InputOf,
  type OutgoingCall,
  type Transport,
} from './client.ts';
export * from './schemas/primitives.ts';
export * from './schemas/campaign-config.ts';
export {
  AwardKind,
  AwardSource,
  CouponSource,
  DeliveryAddress,
  PrizeKind,
} from './schemas/views.ts';
