// NIM's load balancer at the path NIM's own has, so a NIM app's `privateConf.lbs_web` only changes
// its host: socket addresses as `host:port` in `common["link.default"]` and upload addresses in
// `nosup`, from the same configuration as our own load balancer's answer.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { imAppExists, type Store } from '../../../store/index.ts';
import { linksFor, type LbsOptions } from '../lbs.ts';
import { allowAnyOrigin } from './cors.ts';

export const NIM_LBS_PATH = '/lbs/webconf.jsp';

const NimLbsQuery = Type.Object({
  k: Type.String({ minLength: 1, maxLength: 64, description: 'app key' }),
  id: Type.Optional(Type.String({ maxLength: 64, description: 'account' })),
  sv: Type.Optional(Type.String({ maxLength: 16 })),
  pv: Type.Optional(Type.String({ maxLength: 16 })),
  networkType: Type.Optional(Type.String({ maxLength: 16 })),
  hostEnv: Type.Optional(Type.String({ maxLength: 32 })),
});

/** `http://host:port/...` to NIM's `host:port`. */
const hostOf = (address: string) => new URL(address).host;

export function registerNimLbs(
  http: FastifyInstance,
  options: Pick<LbsOptions, 'linkAddresses' | 'publicUrl' | 'liveGateways'> & { store: Store },
): void {
  http.get<{ Querystring: Static<typeof NimLbsQuery> }>(
    NIM_LBS_PATH,
    { schema: { querystring: NimLbsQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      allowAnyOrigin(request, reply);
      if (!(await imAppExists(options.store.db, request.query.k)))
        return reply.send({ code: 404, message: 'unknown app key' });
      const { link, upload } = await linksFor(request, options, request.query.id ?? '');
      return { code: 200, common: { 'link.default': link.map(hostOf) }, nosup: upload };
    },
  );
}
