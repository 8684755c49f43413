// The load-balancing endpoint the SDK asks first (spec section 7, "HTTP calls"): which socket
// servers and upload addresses to use. Addresses come from configuration only
// (MORSEL_IM_LINK_ADDRESSES, else MORSEL_PUBLIC_URL), in development from the address the server
// itself is bound to; never from Host or X-Forwarded-Host, which the client writes and a cache
// would hand on to others (review H1).
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { imAppExists, type Store } from '../../store/index.ts';

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
  /** The IM's one clock (serverTime). */
  now: () => number;
  /** Configured socket server base URLs; when absent, publicUrl or the bound address. */
  linkAddresses?: string[];
  publicUrl?: string;
  /** In a cluster: the live gateways in the account's order (undefined: none known). */
  liveGateways?: (account: string) => Promise<string[] | undefined>;
}

/** The server's own end of the connection: an address this server is bound to, never a header. */
function boundAddress(request: FastifyRequest): string {
  const socket = request.raw.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:') && isIP(host.slice(7)) === 4) host = host.slice(7);
  if (isIP(host) === 6) host = `[${host}]`;
  return `http://${host}:${socket.localPort}`;
}

function ownAddress(request: FastifyRequest, publicUrl?: string): string {
  return (publicUrl ?? boundAddress(request)).replace(/\/+$/, '');
}

/** The socket servers and upload addresses a client is told to use. */
export function linkAddressesFor(
  request: FastifyRequest,
  options: Pick<LbsOptions, 'linkAddresses' | 'publicUrl'>,
): { link: string[]; upload: string[] } {
  const base = ownAddress(request, options.publicUrl);
  return { link: options.linkAddresses ?? [base], upload: [`${base}${UPLOAD_PATH}`] };
}

/** The addresses for an account: the live gateways in a cluster, else as linkAddressesFor. */
export async function linksFor(
  request: FastifyRequest,
  options: Pick<LbsOptions, 'linkAddresses' | 'publicUrl' | 'liveGateways'>,
  account: string,
): Promise<{ link: string[]; upload: string[] }> {
  const fixed = linkAddressesFor(request, options);
  const live = await options.liveGateways?.(account);
  return live ? { link: live, upload: fixed.upload } : fixed;
}

export function registerLbs(http: FastifyInstance, options: LbsOptions): void {
  http.get<{ Querystring: Static<typeof LbsQuery> }>(
    LBS_PATH,
    { schema: { querystring: LbsQuery } },
    async (request, reply) => {
      const known = await imAppExists(options.store.db, request.query.k);
      // Per client and per moment: no shared cache may keep it.
      reply.header('cache-control', 'no-store');
      if (!known) return reply.send({ code: 404, message: 'unknown app key' });
      const { link, upload } = await linksFor(request, options, request.query.id);
      return { code: 200, link, linkPath: LINK_PATH, upload, serverTime: options.now() };
    },
  );
}
