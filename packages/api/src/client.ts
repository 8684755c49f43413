// A client typed from the table: `api.call('raffle.draw')` sends the route's method to its path
// and resolves with `{code, message, data}`, `data` typed as the route's success. How a call
// travels (wrappers, headers, session, cache) is the transport's business; this fills the path
// and hands over the rest. Imports the table's types only, so a bundle carries no schemas.
import { ENDPOINTS, type Endpoint } from './endpoints.ts';
import type { BodyOf, DataOf, ParamsOf, QueryOf, RouteName } from './table.ts';

type Fields<T> = T extends undefined ? unknown : T;
/** A path parameter may be given as a number (an id); it is written into the path as text. */
type PathFields<T> = T extends undefined ? unknown : { [K in keyof T]: T[K] | number };

/** Path parameters, query and body fields of a route, in one object. */
export type InputOf<N extends RouteName> = PathFields<ParamsOf<N>> &
  Fields<QueryOf<N>> &
  Fields<BodyOf<N>>;

export interface Envelope<T> {
  /** 0 (or "0" from older hosts) is success; anything else is a code of the catalogue. */
  code: number | string;
  message: string;
  /** The route's data on success; on a refusal null or the refusal's details. */
  data: T;
  resultData?: unknown;
}

/** Per-call options the transport understands (cache, time-out…). */
export type CallOptions = Record<string, unknown>;

export interface OutgoingCall {
  readonly name: RouteName;
  readonly endpoint: Endpoint;
  /** The method the call uses: the endpoint's first. */
  readonly method: string;
  /** The path with its parameters filled in. */
  readonly path: string;
  /** What is left of the input: the query of a GET, the body otherwise. */
  readonly payload: Record<string, unknown> | undefined;
}

export type Transport<O extends CallOptions> = (
  call: OutgoingCall,
  options: O | undefined,
) => Promise<Envelope<unknown>>;

/** The input may be left out when none of its fields is required. */
type Args<N extends RouteName, O> =
  Record<never, never> extends InputOf<N>
    ? [input?: InputOf<N>, options?: O]
    : [input: InputOf<N>, options?: O];

/** Fills `:name` segments from the input; the other fields stay in the payload. */
export function fillPath(
  path: string,
  input: Record<string, unknown> | undefined,
): { path: string; payload: Record<string, unknown> | undefined } {
  if (!path.includes(':')) return { path, payload: input };
  const payload = { ...input };
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = payload[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`path parameter ${name} is missing`);
    delete payload[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, payload: Object.keys(payload).length > 0 ? payload : undefined };
}

/** A body-carrying route's query fields (the endpoint's `query`) go into its path's query. */
export function moveToQuery(
  path: string,
  input: Record<string, unknown> | undefined,
  fields: readonly string[] | undefined,
): { path: string; payload: Record<string, unknown> | undefined } {
  if (!fields || !input) return { path, payload: input };
  const payload = { ...input };
  const query = new URLSearchParams();
  for (const name of fields) {
    const value = payload[name];
    delete payload[name];
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return {
    path: search ? `${path}?${search}` : path,
    payload: Object.keys(payload).length > 0 ? payload : undefined,
  };
}

export interface ApiClient<O extends CallOptions> {
  call<N extends RouteName>(name: N, ...args: Args<N, O>): Promise<Envelope<DataOf<N>>>;
}

export function createApiClient<O extends CallOptions>(transport: Transport<O>): ApiClient<O> {
  return {
    async call<N extends RouteName>(name: N, ...[input, options]: Args<N, O>) {
      const endpoint: Endpoint = ENDPOINTS[name];
      const method = typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0];
      const filled = fillPath(endpoint.path, input as Record<string, unknown> | undefined);
      const { path, payload } =
        method === 'GET' ? filled : moveToQuery(filled.path, filled.payload, endpoint.query);
      const envelope = await transport({ name, endpoint, method, path, payload }, options);
      return envelope as Envelope<DataOf<N>>;
    },
  };
}

export type { BodyOf, DataOf, ParamsOf, RouteName } from './table.ts';
/** Paths a page navigates to rather than calls (the WeChat authorise start). */
export { ENDPOINTS } from './endpoints.ts';
