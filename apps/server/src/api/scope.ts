// What makes a Fastify scope an API scope (product, campaigns): the session cookie, the body
// parsers, the non-coercing validator and the one error handler.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { installBodyParsers } from './http.ts';
import { installValidator } from './validator.ts';
import { installApiErrors } from './errors.ts';

export async function prepareApiScope(scope: FastifyInstance): Promise<void> {
  if (!scope.hasRequestDecorator('cookies')) await scope.register(fastifyCookie);
  installBodyParsers(scope);
  installValidator(scope);
  installApiErrors(scope);
}
