// Shapes shared by both request wrappers (spec section 7).
import { REQUEST_FAILED } from '../config/product.ts';

/** Every answer of the product API: `{ code, message, data }`, code 0 (or "0") is success. */
export interface ApiEnvelope<T = unknown> {
  code: number | string;
  message: string;
  data: T;
  /** Some older calls put their payload here (APP-REFERENCE). */
  resultData?: unknown;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Payload = Record<string, unknown>;

export interface RequestOptions {
  method?: Method;
  /** Query parameters for GET, the body otherwise. */
  data?: Payload;
  /** Send the body as JSON instead of the default form encoding. */
  json?: boolean;
  /** Cache a code-0 answer in localStorage: `true` for the default 5 minutes, or a lifetime in ms. */
  cache?: boolean | number;
  timeoutMs?: number;
}

/** A call that did not produce an answer to read: network failure, time-out, non-2xx, bad JSON. */
export class RequestFailure extends Error {
  override name = 'RequestFailure';
  readonly status: number;
  constructor(status: number = REQUEST_FAILED.status, message: string = REQUEST_FAILED.message) {
    super(message);
    this.status = status;
  }
}

/** The call reached the server but the session is no longer valid (-331007). */
export class LoginInvalid extends Error {
  override name = 'LoginInvalid';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export function isSuccess(envelope: Pick<ApiEnvelope, 'code'>): boolean {
  return envelope.code === 0 || envelope.code === '0';
}
