// The route lists of the docs, rendered from the table: docs/product-api.md lists the product
// routes, docs/campaigns.md the campaign and admin routes, each between two markers. Written by
// `npx tsx scripts/api-route-lists.ts`; a test keeps the docs equal to the table.
import { CODES } from './codes.ts';
import { ENDPOINTS, methodsOf, type EndpointName } from './endpoints.ts';
import { PRODUCT_ROUTES } from './routes/product.ts';
import { CAMPAIGN_ROUTES } from './routes/campaigns.ts';
import { ADMIN_ROUTES } from './routes/admin.ts';
import { HUB_ROUTES } from './routes/hub.ts';
import { COMMERCE_ROUTES } from './routes/commerce.ts';
import { WECHAT_ROUTES } from './routes/wechat.ts';
import { GAME_ROUTES } from './routes/games.ts';
import { FORM_ROUTES } from './routes/forms.ts';
import { RAIN_ROUTES } from './routes/rain.ts';
import { FISSION_ROUTES } from './routes/fission.ts';
import { GAME_CENTRE_ROUTES } from './routes/game-centre.ts';
import { CMS_ROUTES } from './routes/cms.ts';
import { MEDIA_ROUTES } from './routes/media.ts';
import { CONTENT_ROUTES } from './routes/content.ts';
import { XBORDER_ROUTES } from './routes/xborder.ts';
import { ORANGE_CARD_ROUTES } from './routes/orange-card.ts';
import { ADMIN_FULFILMENT_ROUTES } from './routes/admin-fulfilment.ts';
import { ADMIN_CONSOLE_ROUTES } from './routes/admin-console.ts';
import { CHAT_ROUTES } from './routes/chat.ts';
import { POSTOFFICE_ROUTES } from './routes/postoffice.ts';
import { LIVE_ROUTES } from './routes/live.ts';
import { CUSTOMER_SERVICE_ROUTES } from './routes/customer-service.ts';
import { ROUTES } from './table.ts';

export const DOC_ROUTE_LISTS: Record<string, readonly EndpointName[]> = {
  'product-api.md': Object.keys(PRODUCT_ROUTES) as EndpointName[],
  'campaigns.md': [
    ...Object.keys(CAMPAIGN_ROUTES),
    ...Object.keys(HUB_ROUTES),
    ...Object.keys(GAME_ROUTES),
    ...Object.keys(RAIN_ROUTES),
    ...Object.keys(FISSION_ROUTES),
    ...Object.keys(GAME_CENTRE_ROUTES),
    ...Object.keys(ADMIN_ROUTES),
    ...Object.keys(ADMIN_FULFILMENT_ROUTES),
  ] as EndpointName[],
  'commerce.md': Object.keys(COMMERCE_ROUTES) as EndpointName[],
  'wechat.md': Object.keys(WECHAT_ROUTES) as EndpointName[],
  'forms.md': Object.keys(FORM_ROUTES) as EndpointName[],
  'cms-and-stations.md': Object.keys(CMS_ROUTES) as EndpointName[],
  'content-pages.md': Object.keys(MEDIA_ROUTES) as EndpointName[],
  'content.md': Object.keys(CONTENT_ROUTES) as EndpointName[],
  'crossborder.md': Object.keys(XBORDER_ROUTES) as EndpointName[],
  'orange-card.md': Object.keys(ORANGE_CARD_ROUTES) as EndpointName[],
  'operator-console.md': Object.keys(ADMIN_CONSOLE_ROUTES) as EndpointName[],
  'chat-pages.md': Object.keys(CHAT_ROUTES) as EndpointName[],
  'postoffice.md': Object.keys(POSTOFFICE_ROUTES) as EndpointName[],
  'live-pages.md': Object.keys(LIVE_ROUTES) as EndpointName[],
  'customer-service.md': Object.keys(CUSTOMER_SERVICE_ROUTES) as EndpointName[],
};

export const LIST_START = '<!-- route-list: generated from @morsel/api, do not edit -->';
export const LIST_END = '<!-- route-list end -->';

export function renderRouteList(names: readonly EndpointName[]): string {
  const rows = names.map((name) => {
    const endpoint = ENDPOINTS[name];
    const route = `\`${methodsOf(endpoint).join(' ')} ${endpoint.path}\``;
    const codes = [...new Set(ROUTES[name].errors.map((code) => CODES[code].code))].join(', ');
    return `| \`${name}\` | ${route} | ${endpoint.access} | ${codes || '—'} |`;
  });
  return [
    LIST_START,
    '',
    '| name | route | access | codes besides 0 |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    LIST_END,
  ].join('\n');
}

/** The doc's text with its list replaced by the current one; undefined without the markers. */
export function withRouteList(doc: string, names: readonly EndpointName[]): string | undefined {
  const start = doc.indexOf(LIST_START);
  const end = doc.indexOf(LIST_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(0, start) + renderRouteList(names) + doc.slice(end + LIST_END.length);
}
