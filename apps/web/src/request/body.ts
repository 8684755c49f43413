// Payload encoding: form-encoded by default, JSON on request; GET puts the payload in the query.
import type { Payload } from './types.ts';

function scalar(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Form pairs in insertion order; undefined and null are left out, objects sent as JSON text. */
export function toSearchParams(payload: Payload | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, scalar(item));
    else params.append(key, scalar(value));
  }
  return params;
}

export interface EncodedBody {
  body: string;
  contentType: string;
}

export function encodeBody(payload: Payload | undefined, json: boolean): EncodedBody {
  if (json)
    return { body: JSON.stringify(payload ?? {}), contentType: 'application/json;charset=UTF-8' };
  return {
    body: toSearchParams(payload).toString(),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  };
}
