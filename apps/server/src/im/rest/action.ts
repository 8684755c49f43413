// Registers a handler for an action of the REST action table (`@morsel/protocol/nim-rest`): the
// path and form schema come from the table, and the handler must answer the table's reply shape.
// The scope (index.ts) has already checked the signature; a bad field gets NIM's 414 naming it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NIM_REST_ACTIONS,
  nimActionPath,
  type NimActionName,
  type NimFormOf,
  type NimReplyOf,
} from '@morsel/protocol/nim-rest';

export interface NimCall<N extends NimActionName> {
  /** The app whose key signed the request. */
  appKey: string;
  form: NimFormOf<N>;
  request: FastifyRequest;
}

export type AppKeyOf = (request: { nimApp?: { appKey: string } }) => string;

export function nimAction<N extends NimActionName>(
  scope: FastifyInstance,
  appKeyOf: AppKeyOf,
  name: N,
  handle: (call: NimCall<N>) => Promise<NimReplyOf<N>>,
  /** A larger body than the scope's form limit, for the actions that carry files. */
  route: { bodyLimit?: number } = {},
): void {
  scope.post(
    nimActionPath(name),
    { schema: { body: NIM_REST_ACTIONS[name].form }, ...route },
    async (request) => {
      const reply = await handle({
        appKey: appKeyOf(request),
        form: request.body as NimFormOf<N>,
        request,
      });
      return { code: 200, ...reply };
    },
  );
}
