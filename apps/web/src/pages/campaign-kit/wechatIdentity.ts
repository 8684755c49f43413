// "Ensure the WeChat identity, then return here" for campaigns that need the shopper's openid
// (red-packet rain and fission `oauth` pages; server side: campaigns/kernel/wechat-identity.ts).
// With a WeChat bound it resolves true; otherwise it sends the browser through a silent
// authorisation (snsapi_base) back to `returnTo` and resolves false (the page is leaving).
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { startWechatAuthorize } from '../../wechat/oauth.ts';

export type IdentityOutcome = 'bound' | 'authorizing' | 'unavailable';

export async function ensureWechatIdentity(
  returnTo: string = `${location.pathname}${location.search}`,
): Promise<IdentityOutcome> {
  const reply = await api.call('wechat.identity');
  if (!isSuccess(reply)) return 'unavailable';
  if (reply.data?.bound) return 'bound';
  if (!reply.data || reply.data.provider === 'off') return 'unavailable';
  startWechatAuthorize(returnTo, 'snsapi_base');
  return 'authorizing';
}
