// Registers a route of the table (@morsel/api): its method and path, the request schemas the
// validator checks, the reply schema it is serialised with, and its OpenAPI description. The
// handler gets the request typed from the table.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  methodsOf,
  routeDefinition,
  type Access,
  type RouteDefinition,
  type ReplyOf,
  type RouteGenericOf,
  type RouteName,
} from '@morsel/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (the table's `access`); the admin key check reads it. */
    access?: Access;
  }
}

export type RouteHandler<N extends RouteName> = (
  request: FastifyRequest<RouteGenericOf<N>>,
  reply: FastifyReply,
) => Promise<ReplyOf<N>>;

/** Hooks a route adds to its scope's (the dev outbox's loopback check). */
export type RouteExtras = Pick<RouteShorthandOptions, 'onRequest'>;

/** `{code: 0, message, data}` around a success's data. */
function envelope(data: TSchema) {
  return Type.Object({ code: Type.Literal(0), message: Type.String(), data });
}

function replySchemas(def: RouteDefinition): Record<number, unknown> {
  const reply = def.reply ?? 'envelope';
  if (reply === 'envelope') return { 200: envelope(def.data) };
  if (reply === 'bare') return { 200: def.data, 503: def.data };
  // A file: described for the document, sent as it is (strings and buffers are not serialised).
  return { 200: { ...def.data, description: `${reply} file` } };
}

/** The Fastify schema of a route: request parts, replies and what the OpenAPI document shows. */
export function fastifySchema(def: RouteDefinition) {
  return {
    operationId: def.name,
    summary: def.summary,
    tags: [def.name.slice(0, def.name.indexOf('.'))],
    ...(def.querystring && { querystring: def.querystring }),
    ...(def.params && { params: def.params }),
    ...(def.body && { body: def.body }),
    ...(def.headers && { headers: def.headers }),
    response: replySchemas(def),
  };
}

export function route<N extends RouteName>(
  scope: FastifyInstance,
  name: N,
  handler: RouteHandler<N>,
  extras: RouteExtras = {},
): void {
  const def = routeDefinition(name);
  scope.route<RouteGenericOf<N>>({
    method: [...methodsOf(def)],
    url: def.path,
    schema: fastifySchema(def),
    config: { access: def.access },
    handler,
    ...extras,
  });
}
