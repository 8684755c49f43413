// The open-API host's endpoints (the newer request wrapper): each request is signature-checked
// first (open-api/verify.ts), then validated, then answered.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { fail, ok } from '../codes.ts';
import type { ProductContext } from '../context.ts';
import { verifyOpenApiRequest } from '../open-api/verify.ts';
import { requireUser } from '../session.ts';
import { COMPANY_ID, PLATFORM_ID } from '../schemas.ts';
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

const AreaInfoQuery = Type.Object({ regionCode: Type.String({ pattern: '^\\d{6}$' }) });
const AreasQuery = Type.Object({
  parentCode: Type.Optional(Type.String({ pattern: '^(\\d{2}|\\d{4}|\\d{6})?$' })),
});
const SignQuery = Type.Object({ url: Type.String({ pattern: '^https?://', maxLength: 2048 }) });

export function registerOpenApiRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  // After the body is read (the signature covers its bytes), before it is validated.
  scope.addHook('preValidation', async (request) => {
    await verifyOpenApiRequest(ctx, request);
  });

  scope.get('/api/commondata/getConfig', async () =>
    ok({
      ...COMMON_CONFIG,
      smsResendSeconds: SMS_RESEND_INTERVAL_MS / 1000,
      wechatConfigured: ctx.wechatTickets !== undefined,
    }),
  );

  scope.get(
    '/api/location/getCompleteAreaInfo',
    { schema: { querystring: AreaInfoQuery } },
    async (request) => {
      const { regionCode } = request.query as Static<typeof AreaInfoQuery>;
      const info = ctx.areas.completeInfo(regionCode);
      if (!info) throw fail('areaNotFound', { message: `未找到地区 ${regionCode}` });
      return ok(info);
    },
  );

  scope.get(
    '/address-app-api/v1/areas',
    { schema: { querystring: AreasQuery } },
    async (request) => {
      const { parentCode = '' } = request.query as Static<typeof AreasQuery>;
      const children = ctx.areas.children(parentCode);
      if (!children) throw fail('areaNotFound', { message: `未找到地区 ${parentCode}` });
      return ok(children);
    },
  );

  scope.get(
    '/message-app-api/weixin/getSign',
    { schema: { querystring: SignQuery } },
    async (request) => {
      const { url } = request.query as Static<typeof SignQuery>;
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
    },
  );

  scope.post('/miniapp-bff/miniapp/app/user/shareCode', async (request) => {
    const user = await requireUser(ctx, request);
    return ok({ shareCode: user.share_code });
  });
}
