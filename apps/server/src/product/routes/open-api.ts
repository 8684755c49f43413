// The open-API host's endpoints (the newer request wrapper): each request is signature-checked
// first (open-api/verify.ts), then validated, then answered.
import type { FastifyInstance } from 'fastify';
import { COMPANY_ID, fail, ok, PLATFORM_ID } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { verifyOpenApiRequest } from '../open-api/verify.ts';
import { requireUser } from '../session.ts';
import { SMS_RESEND_INTERVAL_MS } from './captcha.ts';
import { jsapiSignature, newNonceStr, stripFragment } from '../wechat/sign.ts';
import { WechatApiError } from '../wechat/ticket.ts';

/** Product constants of spec section 1 that clients read at start. */
export const COMMON_CONFIG = {
  defaultAreaCode: '310101',
  companyId: COMPANY_ID,
  platformId: PLATFORM_ID,
  platformCode: 2,
  cloudChannelType: 188,
  clientVersion: '4.12.251',
  mode: 'production',
} as const;

export function registerOpenApiRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  // After the body is read (the signature covers its bytes), before it is validated.
  scope.addHook('preValidation', async (request) => {
    await verifyOpenApiRequest(ctx, request);
  });

  route(scope, 'common.config', async () =>
    ok({
      ...COMMON_CONFIG,
      smsResendSeconds: SMS_RESEND_INTERVAL_MS / 1000,
      wechatConfigured: ctx.wechatTickets !== undefined,
    }),
  );

  route(scope, 'areas.info', async (request) => {
    const { regionCode } = request.query;
    const info = ctx.areas.completeInfo(regionCode);
    if (!info) throw fail('areaNotFound', { message: `未找到地区 ${regionCode}` });
    return ok(info);
  });

  route(scope, 'areas.children', async (request) => {
    const { parentCode = '' } = request.query;
    const children = ctx.areas.children(parentCode);
    if (!children) throw fail('areaNotFound', { message: `未找到地区 ${parentCode}` });
    return ok(children);
  });

  route(scope, 'wechat.sign', async (request) => {
    const { url } = request.query;
    if (!ctx.wechatTickets) throw fail('wechatNotConfigured');
    let ticket: string;
    try {
      ticket = await ctx.wechatTickets.getTicket();
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      request.log.error({ err: error }, 'wechat jsapi ticket unavailable');
      throw fail('wechatUnavailable');
    }
    const timestamp = Math.floor(ctx.clock.now() / 1000);
    const nonceStr = newNonceStr();
    const signature = jsapiSignature({ ticket, nonceStr, timestamp, url: stripFragment(url) });
    return ok({ appId: ctx.config.wechatAppId ?? '', timestamp, nonceStr, signature });
  });

  route(scope, 'user.shareCode', async (request) => {
    const user = await requireUser(ctx, request);
    return ok({ shareCode: user.share_code });
  });
}
