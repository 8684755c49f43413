// The console's client of the admin API, typed from the route table (@morsel/api/client): every
// call sends the session cookie and the `x-morsel-console` header the server asks of writes
// (docs/operator-console.md). `request` unwraps the envelope and throws a ConsoleError with the
// server's code and Chinese message; an ended session tells the app to show the login page.
import {
  createApiClient,
  fillPath,
  type DataOf,
  type Envelope,
  type OutgoingCall,
} from '@morsel/api/client';
import { ENDPOINTS, type EndpointName } from '@morsel/api/endpoints';
import { CODES } from '@morsel/api/codes';

export class ConsoleError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fired when the server says the session is gone; the session provider returns to login. */
export const SESSION_ENDED = 'console:session-ended';

function urlOf(call: OutgoingCall): string {
  if (call.method !== 'GET' || !call.payload) return call.path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.payload))
    if (value !== undefined) query.set(key, String(value));
  return `${call.path}?${query.toString()}`;
}

async function transport(call: OutgoingCall): Promise<Envelope<unknown>> {
  const body = call.method === 'GET' || !call.payload ? undefined : JSON.stringify(call.payload);
  const response = await fetch(urlOf(call), {
    method: call.method,
    credentials: 'same-origin',
    headers: {
      'x-morsel-console': '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  try {
    return (await response.json()) as Envelope<unknown>;
  } catch {
    return { code: -1, message: `服务器错误（${response.status}），请稍后再试`, data: null };
  }
}

export const api = createApiClient(transport);

/** The call's data, or a ConsoleError with the server's code and message. */
export async function request<T>(call: Promise<Envelope<T>>): Promise<T> {
  const envelope = await call;
  const code = Number(envelope.code);
  if (code === 0) return envelope.data;
  if (code === CODES.consoleSessionInvalid.code) window.dispatchEvent(new Event(SESSION_ENDED));
  throw new ConsoleError(code, envelope.message);
}

/**
 * The address of a GET route the browser opens itself (a CSV download): the route table's path
 * with its `:params` filled and the other fields as the query string.
 */
export function hrefOf(name: EndpointName, input: Record<string, unknown>): string {
  const { path, payload } = fillPath(ENDPOINTS[name].path, input);
  return urlOf({ method: 'GET', path, payload } as OutgoingCall);
}

/** Uploads a prize picture (multipart, field `file`); the server keeps it as a PNG. */
export async function uploadPrizeImage(file: File): Promise<DataOf<'admin.uploadPrizeImage'>> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(ENDPOINTS['admin.uploadPrizeImage'].path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'x-morsel-console': '1' },
    body: form,
  });
  let envelope: Envelope<DataOf<'admin.uploadPrizeImage'>>;
  try {
    envelope = (await response.json()) as Envelope<DataOf<'admin.uploadPrizeImage'>>;
  } catch {
    envelope = {
      code: -1,
      message: `服务器错误（${response.status}），请稍后再试`,
      data: null as never,
    };
  }
  return request(Promise.resolve(envelope));
}
