// Where the 客服 entry of a campaign page goes (docs/customer-service.md): our own conversation
// by default; an external provider's page when the build's customer-service keys name one
// (VITE_CUSTOMER_SERVICE_KEYS, spec section 1's "keys for a customer-service provider").

export type ServiceTarget = { kind: 'ours'; to: string } | { kind: 'external'; url: string };

/** Our conversation page, with the page the entry was tapped on. */
export function ourServicePath(source: string): string {
  const query = source ? `?${new URLSearchParams({ from: source }).toString()}` : '';
  return `/activity/im/service${query}`;
}

/** NetEase Qiyu's H5 visitor page for an app key (`wp=1`: the mobile layout). */
export function qiyuUrl(appKey: string): string {
  return `https://qiyukf.com/client?${new URLSearchParams({ k: appKey, wp: '1' }).toString()}`;
}

/**
 * `url:<https URL>` opens that page (any provider's H5 link), `qiyu:<app key>` NetEase Qiyu's;
 * `url` wins when both are set; an unusable value (not https) is ignored, so a broken build
 * falls back to our own service rather than to a dead link.
 */
export function serviceEntry(
  keys: Readonly<Record<string, string>>,
  source: string,
): ServiceTarget {
  const url = keys.url;
  if (url && isHttps(url)) return { kind: 'external', url };
  const qiyu = keys.qiyu;
  if (qiyu && /^[A-Za-z0-9]{1,64}$/.test(qiyu)) return { kind: 'external', url: qiyuUrl(qiyu) };
  return { kind: 'ours', to: ourServicePath(source) };
}

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
