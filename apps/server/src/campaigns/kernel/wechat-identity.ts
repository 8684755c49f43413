// "Ensure WeChat identity, then return to X" for campaigns that pay or count per WeChat user
// (red-packet rain and fission `oauth` routes): the shopper's bound WeChat, or the refusal that
// tells the page where to send the browser to authorise and come back. The page side is
// ensureWechatIdentity (apps/web/src/pages/campaign-kit/wechatIdentity.ts).
import { ENDPOINTS, fail } from '@morsel/api';
import { findIdentityOfUser, type WechatIdentity } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';

/** Where a browser goes to authorise (snsapi_base: the openid only) and return to `returnTo`. */
export function authorizePath(
  returnTo: string,
  scope: 'snsapi_base' | 'snsapi_userinfo' = 'snsapi_base',
): string {
  const query = new URLSearchParams({ returnTo, scope });
  return `${ENDPOINTS['wechat.authorize'].path}?${query.toString()}`;
}

/**
 * The WeChat identity bound to `userId`; otherwise refuses with wechatIdentityRequired, its data
 * the authorise path that brings the browser back to `returnTo`.
 */
export async function requireWechatIdentity(
  ctx: CampaignContext,
  userId: number,
  returnTo: string,
): Promise<WechatIdentity> {
  const provider = ctx.product.wechatOauth;
  if (!provider) throw fail('wechatLoginOff');
  const identity = await findIdentityOfUser(ctx.product.db, provider.appId, userId);
  if (!identity)
    throw fail('wechatIdentityRequired', { data: { authorize: authorizePath(returnTo) } });
  return identity;
}
