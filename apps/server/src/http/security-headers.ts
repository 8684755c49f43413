// Security headers on every answer, HTML and API alike (review L8). A fixed handful whose policy
// follows the configuration, so a hook of our own rather than @fastify/helmet (not a dependency
// here; its defaults would still need this same policy written out).
//
// The Content-Security-Policy allows scripts only from this origin (and configured static
// origins): the app's chunks, the lizard script and the WeChat JS-SDK are all script files, none
// inline, so 'unsafe-inline' is not needed for scripts. Styles keep 'unsafe-inline' for style
// attributes and injected <style>; they cannot run code.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';

/** `https://cdn.example.com/x` -> `https://cdn.example.com`, plus its ws/wss twin for sockets. */
function originsOf(urls: string[], withSockets: boolean): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    const { origin, protocol, host } = new URL(url);
    out.add(origin);
    if (withSockets) out.add(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}`);
  }
  return [...out];
}

type PolicyConfig = Pick<Config, 'cspExtraOrigins' | 'imLinkAddresses' | 'mapKey' | 'mapLoaderUrl'>;

/**
 * The maps service's hosts, only when a map key is configured (the station pages): its loader
 * pulls further scripts and data from the service's subdomains and runs its renderer in a blob
 * worker.
 */
function mapOrigins(config: Partial<PolicyConfig>): string[] {
  if (!config.mapKey || !config.mapLoaderUrl) return [];
  const loader = new URL(config.mapLoaderUrl);
  const parent = loader.hostname.split('.').slice(-2).join('.');
  return [...new Set([loader.origin, `https://*.${parent}`])];
}

export function contentSecurityPolicy(
  config: Pick<Config, 'cspExtraOrigins' | 'imLinkAddresses'> & Partial<PolicyConfig>,
): string {
  const extra = originsOf(config.cspExtraOrigins?.split(',') ?? [], false);
  const links = originsOf(config.imLinkAddresses?.split(',') ?? [], true);
  const maps = mapOrigins(config);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...extra, ...maps],
    ['style-src', "'self'", "'unsafe-inline'", ...extra],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'", 'data:', ...extra],
    ['media-src', "'self'", 'blob:', 'https:'],
    ['connect-src', "'self'", ...extra, ...links, ...maps],
    ...(maps.length > 0 ? [['worker-src', "'self'", 'blob:'] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

export function registerSecurityHeaders(
  http: FastifyInstance,
  config: Pick<Config, 'cspExtraOrigins' | 'imLinkAddresses' | 'publicUrl'> & Partial<PolicyConfig>,
): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  // Only where the public address is https: HSTS on a plain-http development host would lock
  // the browser out of it.
  if (config.publicUrl?.startsWith('https://'))
    headers['strict-transport-security'] = 'max-age=31536000';
  http.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });
}
