// What the table holds for one route, and the error sets many routes share.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { CodeName } from '../codes.ts';
import type { EndpointName } from '../endpoints.ts';

export interface RouteSchemas {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly querystring?: TObject;
  readonly params?: TObject;
  readonly body?: TObject;
  /** The reply's `data` inside `{code, message, data}`; for `bare` and file replies, the body. */
  readonly data: TSchema;
  /**
   * `envelope` (the default): `{code: 0, message, data}`. `bare`: the body is `data` itself (the
   * health check). A content type: a file (script, image), `data` describes it.
   */
  readonly reply?: 'envelope' | 'bare' | `${string}/${string}`;
  /** Every code the route may answer besides 0 (the validator's and the session's included). */
  readonly errors: readonly CodeName[];
}

export type RouteEntries = { readonly [N in EndpointName]?: RouteSchemas };

/** Keeps each entry's literal types, so handlers and clients are typed from them. */
export const defineRoutes = <const T extends RouteEntries>(entries: T): T => entries;

/** A request the API cannot read: bad JSON (10000) or a field failing its schema (10001). */
export const UNREADABLE = ['badRequest', 'badParameter'] as const satisfies CodeName[];
/** A shopper's session is needed; a cookie-only state change from another site is refused. */
export const LOGGED_IN = ['loginInvalid', 'crossSiteRefused'] as const satisfies CodeName[];
/** A read needs a session (the cookie is enough for a GET). */
export const LOGGED_IN_READ = ['loginInvalid'] as const satisfies CodeName[];
export const SIGNED = [
  'signatureMissing',
  'signatureUnknownClient',
  'signatureStale',
  'signatureReplayed',
  'signatureInvalid',
] as const satisfies CodeName[];
export const CAMPAIGN = ['campaignNotFound'] as const satisfies CodeName[];
export const RUNNING = [
  'campaignNotFound',
  'campaignNotStarted',
  'campaignEnded',
  'campaignPaused',
] as const satisfies CodeName[];
export const ADMIN = [
  'adminDisabled',
  'adminThrottled',
  'adminKeyInvalid',
  'adminCashierOnly',
  // The console's session cookie instead of a key (docs/operator-console.md).
  'consoleSessionInvalid',
  'consoleReadOnly',
  'consoleHeaderMissing',
] as const satisfies CodeName[];
