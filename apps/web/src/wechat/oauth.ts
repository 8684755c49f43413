// WeChat web authorisation from the page's side (docs/wechat.md): where to send the browser to
// authorise and come back, and what a failed round trip's `wxError` says. The server does the
// rest (state, code exchange, session or bind ticket).
import { ENDPOINTS } from '@morsel/api/client';
import { HOSTS } from '../config/product.ts';
import { environment } from '../env/detect.ts';

export type WechatScope = 'snsapi_base' | 'snsapi_userinfo';

/** The authorise start that brings the browser back to `returnTo` (a path of this site). */
export function authorizeUrl(returnTo: string, scope: WechatScope = 'snsapi_userinfo'): string {
  const query = new URLSearchParams({ returnTo, scope });
  return `${HOSTS.mobile}${ENDPOINTS['wechat.authorize'].path}?${query.toString()}`;
}

/** Leaves the page for WeChat's authorise page (top-level navigation: the tab's storage stays). */
export function startWechatAuthorize(returnTo: string, scope: WechatScope = 'snsapi_userinfo') {
  window.location.assign(authorizeUrl(returnTo, scope));
}

/** WeChat authorisation is offered inside the WeChat browser, not in a mini-program web-view. */
export function canAuthorizeWithWechat(): boolean {
  const env = environment();
  return env.wechat && !env.miniProgram;
}

/**
 * The message of the callback's `wxError` (a code of the catalogue); null when none or unknown.
 * The catalogue (about 5 kB gzip) is loaded only for an error: the login page, which every route
 * needing login shows on a first visit, would otherwise download it each time (issue 24).
 */
export async function wechatErrorMessage(wxError: string | null): Promise<string | null> {
  if (!wxError || !/^5\d{4}$/.test(wxError)) return null;
  const { CODES } = await import('@morsel/api/codes');
  const code = Number(wxError);
  return Object.values(CODES).find((entry) => entry.code === code)?.message ?? null;
}
