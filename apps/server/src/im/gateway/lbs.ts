// The load-balancing endpoint the SDK asks first (spec section 7, "HTTP calls"): which socket
// servers and upload addresses to use. One process answers with its own address, a cluster with
// MORSEL_IM_LINK_ADDRESSES.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Store } from '../../store/index.ts';

export const LBS_PATH = '/im/lbs';
export const LINK_PATH = '/im/link/';
export const UPLOAD_PATH = '/im/upload';

const LbsQuery = Type.Object({
  k: Type.String({ minLength: 1, maxLength: 64, description: 'app key' }),
  id: Type.String({ minLength: 1, maxLength: 64, description: 'account' }),
  sv: Type.Optional(Type.Integer({ minimum: 0, description: 'SDK version' })),
  pv: Type.Optional(Type.Integer({ minimum: 0, description: 'protocol version' })),
  networkType: Type.Optional(Type.String({ maxLength: 16 })),
});

export interface LbsOptions {
  store: Store;
  /** Configured socket server base URLs; when absent, the address the client used. */
  linkAddresses?: string[];
  publicUrl?: string;
}

function ownAddress(request: FastifyRequest, publicUrl?: string): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerLbs(http: FastifyInstance, options: LbsOptions): void {
  http.get<{ Querystring: Static<typeof LbsQuery> }>(
    LBS_PATH,
    { schema: { querystring: LbsQuery } },
    async (request, reply) => {
      const app = await options.store.db
        .selectFrom('im_apps')
        .select('app_key')
        .where('app_key', '=', request.query.k)
        .executeTakeFirst();
      if (!app) return reply.send({ code: 404, message: 'unknown app key' });
      const base = ownAddress(request, options.publicUrl);
      return {
        code: 200,
        link: options.linkAddresses ?? [base],
        linkPath: LINK_PATH,
        upload: [`${base}${UPLOAD_PATH}`],
        serverTime: Date.now(),
      };
    },
  );
}
