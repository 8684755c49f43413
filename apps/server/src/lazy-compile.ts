// Route schemas compiled on a route's first request instead of all at start-up. Fastify compiles
// every route's validators (Ajv, TypeBox) and response serializers (fast-json-stringify) when the
// server becomes ready: with some 500 routes that was most of a restart's CPU (decision 0055), and
// a restarting server should answer its reconnecting clients within seconds. A route now pays its
// compile (a few milliseconds) once, on first use; `warmCompilers` then compiles the rest in the
// background, a slice per event-loop turn, so the cost is gone before traffic is heavy and a
// schema that cannot compile still shows in the log soon after start.
import type { Server } from 'node:http';
import { AjvCompiler } from '@fastify/ajv-compiler';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

type AnyFunction = (...args: never[]) => unknown;

/** Per server (every scope of one app shares its HTTP server): compiles not yet made, in order. */
const pendingOf = new WeakMap<Server, Set<() => void>>();

function pendingFor(server: Server): Set<() => void> {
  let pending = pendingOf.get(server);
  if (!pending) pendingOf.set(server, (pending = new Set()));
  return pending;
}

/**
 * A function that compiles itself on first call. Ajv's convention of reading `errors` from the
 * validator after a failed call is kept: the wrapper carries the compiled function's `errors`.
 */
export function lazily<F extends AnyFunction>(scope: FastifyInstance, compile: () => F): F {
  const pending = pendingFor(scope.server);
  let compiled: F | undefined;
  const ensure = () => {
    if (compiled) return compiled;
    pending.delete(ensure);
    compiled = compile();
    return compiled;
  };
  pending.add(ensure);
  const call = function (this: unknown, ...args: Parameters<F>) {
    const fn = ensure();
    const result = fn.apply(this, args);
    (call as unknown as { errors?: unknown }).errors = (
      fn as unknown as { errors?: unknown }
    ).errors;
    return result;
  };
  return call as unknown as F;
}

/**
 * Fastify's own default validator (Ajv with its default options), compiled lazily: for the routes
 * of scopes that do not install their own (the API scopes and the server API do).
 */
export function installLazyDefaultValidator(scope: FastifyInstance): void {
  const compileDefault = AjvCompiler()({}, { customOptions: {}, plugins: [] });
  scope.setValidatorCompiler((route) => lazily(scope, () => compileDefault(route)));
}

/** Response serializers by fast-json-stringify (Fastify's own default), compiled lazily. */
export function installLazySerializer(scope: FastifyInstance): void {
  scope.setSerializerCompiler(({ schema }) =>
    lazily(
      scope,
      () => fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string,
    ),
  );
}

/**
 * Compiles whatever is still pending, one at a time with the event loop free in between; returns
 * when all are done. A compile that throws is reported and left to throw again on its request.
 */
export async function warmCompilers(
  server: Server,
  onError: (error: unknown) => void,
): Promise<number> {
  const pending = pendingFor(server);
  let done = 0;
  for (const compile of [...pending]) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!server.listening) break;
    if (!pending.has(compile)) continue;
    try {
      compile();
      done++;
    } catch (error) {
      pending.delete(compile);
      onError(error);
    }
  }
  return done;
}
