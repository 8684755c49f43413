// The one refusal of the HTTP API: a handler throws it, the error handler of every scope turns
// it into `{code, message, data}` with its HTTP status.
import { CODES, OK, type CodeName } from './codes.ts';

export class ApiError extends Error {
  readonly code: number;
  constructor(
    readonly key: CodeName,
    /** Replaces the catalogue message when the refusal has details (a field, seconds left). */
    message?: string,
    readonly data: unknown = null,
    /** 200 for business refusals; 4xx for requests the API cannot read or will not serve. */
    readonly status = 200,
  ) {
    super(message ?? CODES[key].message);
    this.name = 'ApiError';
    this.code = CODES[key].code;
  }
}

export interface FailOptions {
  message?: string;
  data?: unknown;
  status?: number;
}

export function fail(name: CodeName, options: FailOptions = {}): ApiError {
  return new ApiError(name, options.message, options.data ?? null, options.status ?? 200);
}

export function ok<T>(data: T): { code: 0; message: string; data: T } {
  return { code: OK, message: 'success', data };
}
