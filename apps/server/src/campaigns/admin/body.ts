// Admin bodies are checked with TypeBox's Value, not the route's Ajv: Fastify's Ajv coerces
// types, and in `integer | null` (stock: null is "unlimited") coercion turns 0 into null or null
// into 0 depending on the branch order. Checking the JSON as sent keeps 0 and null apart.
import type { TSchema, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { refuse } from '../kernel/codes.ts';

export function readBody<S extends TSchema>(schema: S, body: unknown): Static<S> {
  const problem = Value.Errors(schema, body ?? {}).First();
  if (problem) {
    const field = problem.path.replace(/^\//, '').replaceAll('/', '.') || 'body';
    throw refuse('badParameter', {
      message: `参数 ${field} 不正确：${problem.message}`,
      status: 400,
    });
  }
  return body as Static<S>;
}
