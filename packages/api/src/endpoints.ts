// Every route of the product API and the campaigns: its name, method, path and who may call it.
// This is the part of the contract a client needs at run time, free of schemas (the web bundle
// imports it); the schemas of each endpoint are in routes/*.ts, joined by table.ts, which checks
// that every name here has exactly one entry there.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, and so how a client sends it:
 * - `public`: anyone; `user`: a logged-in shopper (`ut`), else -331007; `optionalUser`: answers
 *   visitors too, with more for a shopper. All three go through the older (legacy) wrapper.
 * - `signed`, `signedUser`: the open-API host's signature headers (x-co-*), the newer wrapper.
 * - `admin`: x-admin-key = MORSEL_ADMIN_KEY; `cashier`: that or MORSEL_CASHIER_KEY.
 * - `loopback`: a development tool answering only this machine.
 * - `console`: the operator console's session cookie (docs/operator-console.md).
 */
export type Access =
  | 'public'
  | 'user'
  | 'optionalUser'
  | 'signed'
  | 'signedUser'
  | 'admin'
  | 'cashier'
  | 'loopback'
  | 'console';

export interface Endpoint {
  /** The first method is the one clients use; a second is served as well (older callers). */
  readonly method: Method | readonly [Method, ...Method[]];
  /** Fastify's path syntax: `:name` is a path parameter. */
  readonly path: string;
  readonly access: Access;
  /**
   * Fields of a POST (or other body-carrying) route that travel in the query string, as its
   * `querystring` schema says (`?campaign=` picks a campaign instance, decision 0037).
   */
  readonly query?: readonly string[];
}

export const ENDPOINTS = {
  // Product API: accounts and captchas (legacy .do endpoints, docs/product-api.md).
  'account.isRegistered': {
    method: 'POST',
    path: '/ouser-web/mobileRegister/isRepeatPhoneForm.do',
    access: 'public',
  },
  'account.register': {
    method: 'POST',
    path: '/ouser-web/memberRegisterForm.do',
    access: 'public',
  },
  'account.login': {
    method: 'POST',
    path: '/ouser-web/mobileLogin/loginForm.do',
    access: 'public',
  },
  'account.logout': { method: 'POST', path: '/ouser-web/mobileLogin/logout.do', access: 'public' },
  'account.info': { method: ['GET', 'POST'], path: '/ouser-web/api/user/info.do', access: 'user' },
  'captcha.init': { method: 'POST', path: '/ouser-web/api/user/init.do', access: 'public' },
  'captcha.sendSms': {
    method: 'POST',
    path: '/ouser-web/mobileRegister/sendCaptchasCodeFormNew.do',
    access: 'public',
  },
  'lizard.script': {
    method: 'GET',
    path: '/activity/activity-static/lizard/index.js',
    access: 'public',
  },
  'lizard.pageView': { method: 'POST', path: '/api/lizard/pv', access: 'public' },
  'dev.smsOutbox': { method: 'GET', path: '/dev/sms-outbox', access: 'loopback' },

  // Product API: the open-API host (signed).
  'common.config': { method: 'GET', path: '/api/commondata/getConfig', access: 'signed' },
  'areas.info': { method: 'GET', path: '/api/location/getCompleteAreaInfo', access: 'signed' },
  'areas.children': { method: 'GET', path: '/address-app-api/v1/areas', access: 'signed' },
  'wechat.sign': { method: 'GET', path: '/message-app-api/weixin/getSign', access: 'signed' },
  'user.shareCode': {
    method: 'POST',
    path: '/miniapp-bff/miniapp/app/user/shareCode',
    access: 'signedUser',
  },

  // Campaigns (docs/campaigns.md).
  'assets.image': { method: 'GET', path: '/api/campaign/assets/:name', access: 'public' },
  'awards.list': { method: 'GET', path: '/api/campaign/:campaign/awards', access: 'user' },
  'awards.detail': { method: 'GET', path: '/api/campaign/:campaign/awards/:id', access: 'user' },
  'awards.address': {
    method: 'POST',
    path: '/api/campaign/:campaign/awards/:id/address',
    access: 'user',
  },
  'awards.changeAddress': {
    method: 'PUT',
    path: '/api/campaign/:campaign/awards/:id/address',
    access: 'user',
  },
  'sign.calendar': { method: 'GET', path: '/api/campaign/sign', access: 'optionalUser' },
  'sign.today': {
    method: 'POST',
    path: '/api/campaign/sign/today',
    access: 'user',
    query: ['campaign'],
  },
  'raffle.board': { method: 'GET', path: '/api/campaign/raffle', access: 'optionalUser' },
  'raffle.chances': { method: 'GET', path: '/api/campaign/raffle/chances', access: 'user' },
  'raffle.draw': {
    method: 'POST',
    path: '/api/campaign/raffle/draw',
    access: 'user',
    query: ['campaign'],
  },
  'raffle.share': {
    method: 'POST',
    path: '/api/campaign/raffle/share',
    access: 'user',
    query: ['campaign'],
  },
  'raffle.assist': {
    method: 'POST',
    path: '/api/campaign/raffle/assist',
    access: 'user',
    query: ['campaign'],
  },
  'raffle.winners': { method: 'GET', path: '/api/campaign/raffle/winners', access: 'public' },
  'password.page': { method: 'GET', path: '/api/campaign/password', access: 'public' },
  'password.redeem': {
    method: 'POST',
    path: '/api/campaign/password/redeem',
    access: 'user',
    query: ['campaign'],
  },
  'coupon.centre': { method: 'GET', path: '/api/campaign/coupon/centre', access: 'optionalUser' },
  'coupon.claim': {
    method: 'POST',
    path: '/api/campaign/coupon/claim',
    access: 'user',
    query: ['campaign'],
  },
  'coupon.exchange': { method: 'POST', path: '/api/campaign/coupon/exchange', access: 'user' },
  'coupon.newUser': {
    method: 'GET',
    path: '/api/campaign/coupon/newuser',
    access: 'optionalUser',
  },
  'coupon.newUserClaim': {
    method: 'POST',
    path: '/api/campaign/coupon/newuser/claim',
    access: 'user',
  },
  'coupon.poster': { method: 'GET', path: '/api/campaign/coupon/poster', access: 'user' },
  'coupon.gift': { method: 'GET', path: '/api/campaign/coupon/gift', access: 'optionalUser' },
  'coupon.giftClaim': { method: 'POST', path: '/api/campaign/coupon/gift/claim', access: 'user' },
  'coupon.mine': { method: 'GET', path: '/api/campaign/coupon/mine', access: 'user' },
  'coupon.mineDetail': { method: 'GET', path: '/api/campaign/coupon/mine/:id', access: 'user' },
  'coupon.use': { method: 'POST', path: '/api/campaign/coupon/mine/:id/use', access: 'user' },

  // The campaigns' admin API.
  'admin.campaigns': { method: 'GET', path: '/admin/api/campaigns', access: 'admin' },
  'admin.campaign': { method: 'GET', path: '/admin/api/campaigns/:id', access: 'admin' },
  'admin.patchCampaign': { method: 'PATCH', path: '/admin/api/campaigns/:id', access: 'admin' },
  'admin.putPrize': {
    method: 'PUT',
    path: '/admin/api/campaigns/:id/prizes/:key',
    access: 'admin',
  },
  'admin.restockPrize': {
    method: 'POST',
    path: '/admin/api/campaigns/:id/prizes/:key/stock',
    access: 'admin',
  },
  'admin.putPassword': {
    method: 'PUT',
    path: '/admin/api/campaigns/:id/passwords/:password',
    access: 'admin',
  },
  'admin.putTemplate': { method: 'PUT', path: '/admin/api/coupon-templates/:key', access: 'admin' },
  'admin.restockTemplate': {
    method: 'POST',
    path: '/admin/api/coupon-templates/:key/stock',
    access: 'admin',
  },
  'admin.exchangeCodes': {
    method: 'POST',
    path: '/admin/api/coupon-templates/:key/exchange-codes',
    access: 'admin',
  },
  'admin.redeem': { method: 'POST', path: '/admin/api/coupons/redeem', access: 'cashier' },
  // The operator console (docs/operator-console.md): its login and its own reads.
  'console.login': { method: 'POST', path: '/admin/api/console/login', access: 'public' },
  'console.logout': { method: 'POST', path: '/admin/api/console/logout', access: 'console' },
  'console.me': { method: 'GET', path: '/admin/api/console/me', access: 'console' },
  'admin.dashboard': {
    method: 'GET',
    path: '/admin/api/campaigns/:id/dashboard',
    access: 'admin',
  },
  // Campaigns as instances (issue 26, decision 0037).
  'admin.createCampaign': { method: 'POST', path: '/admin/api/campaigns', access: 'admin' },
  // The source campaign is `:source`; the body's `id` names the copy, as it names a new campaign.
  'admin.copyCampaign': {
    method: 'POST',
    path: '/admin/api/campaigns/:source/copy',
    access: 'admin',
  },
  'admin.campaignStatus': {
    method: 'POST',
    path: '/admin/api/campaigns/:id/status',
    access: 'admin',
  },
  'admin.patchPrize': {
    method: 'PATCH',
    path: '/admin/api/campaigns/:id/prizes/:key',
    access: 'admin',
  },
  // Adding prizes and coupon templates, retiring templates, the kinds (issue 26, decision 0059).
  'admin.createPrize': {
    method: 'POST',
    path: '/admin/api/campaigns/:id/prizes',
    access: 'admin',
  },
  'admin.createTemplate': {
    method: 'POST',
    path: '/admin/api/coupon-templates',
    access: 'admin',
  },
  'admin.patchTemplate': {
    method: 'PATCH',
    path: '/admin/api/coupon-templates/:key',
    access: 'admin',
  },
  'admin.retireTemplate': {
    method: 'POST',
    path: '/admin/api/coupon-templates/:key/retire',
    access: 'admin',
  },
  'admin.campaignKinds': { method: 'GET', path: '/admin/api/campaign-kinds', access: 'admin' },
  'admin.deletePrize': {
    method: 'DELETE',
    path: '/admin/api/campaigns/:id/prizes/:key',
    access: 'admin',
  },

  // The shopper's hub: coupon tab counts, the summary and "我的奖品" across campaigns (issue 28).
  'coupon.mineCounts': { method: 'GET', path: '/api/campaign/coupon/counts', access: 'user' },
  'hub.summary': { method: 'GET', path: '/api/campaign/hub/summary', access: 'optionalUser' },
  'hub.awards': { method: 'GET', path: '/api/campaign/hub/prizes', access: 'user' },
  // Orders and payment (docs/commerce.md): the bank card top-up, the cashier, provider notifies.
  'bank.card': { method: 'GET', path: '/api/commerce/bank/card', access: 'user' },
  'bank.order': { method: 'POST', path: '/api/commerce/bank/orders', access: 'user' },
  'orders.detail': { method: 'GET', path: '/api/commerce/orders/:orderNo', access: 'user' },
  'orders.pay': { method: 'POST', path: '/api/commerce/orders/:orderNo/pay', access: 'user' },
  'payment.sandboxNotify': {
    method: 'POST',
    path: '/api/commerce/notify/sandbox',
    access: 'public',
  },
  'payment.wechatNotify': { method: 'POST', path: '/api/commerce/notify/wechat', access: 'public' },
  'payment.alipayNotify': { method: 'POST', path: '/api/commerce/notify/alipay', access: 'public' },
  'admin.orders': { method: 'GET', path: '/admin/api/orders', access: 'admin' },
  'admin.order': { method: 'GET', path: '/admin/api/orders/:orderNo', access: 'admin' },
  'admin.refundOrder': {
    method: 'POST',
    path: '/admin/api/orders/:orderNo/refund',
    access: 'admin',
  },
  // WeChat authorisation and mini-program jumps (docs/wechat.md, decision 0021).
  'wechat.authorize': { method: 'GET', path: '/api/wechat/oauth/authorize', access: 'public' },
  'wechat.callback': { method: 'GET', path: '/api/wechat/oauth/callback', access: 'public' },
  'wechat.devAuthorize': { method: 'GET', path: '/dev/wechat/authorize', access: 'public' },
  'wechat.bind': { method: 'POST', path: '/api/wechat/oauth/bind', access: 'public' },
  'wechat.identity': { method: 'GET', path: '/api/wechat/identity', access: 'user' },
  'wechat.miniScheme': { method: 'POST', path: '/api/wechat/mini/scheme', access: 'public' },
  'download.page': { method: 'GET', path: '/api/campaign/download/:page', access: 'public' },
  // Games wave (issue 20): vote, free-meal shake, open-bag prize (docs/campaigns.md).
  'vote.board': { method: 'GET', path: '/api/campaign/vote', access: 'optionalUser' },
  'vote.cast': {
    method: 'POST',
    path: '/api/campaign/vote/cast',
    access: 'user',
    query: ['campaign'],
  },
  'free.board': { method: 'GET', path: '/api/campaign/free', access: 'optionalUser' },
  'free.shake': {
    method: 'POST',
    path: '/api/campaign/free/shake',
    access: 'user',
    query: ['campaign'],
  },
  'bag.page': { method: 'GET', path: '/api/campaign/bag', access: 'user' },
  'bag.open': {
    method: 'POST',
    path: '/api/campaign/bag/open',
    access: 'user',
    query: ['campaign'],
  },
  'bag.order': { method: 'GET', path: '/api/campaign/bag/orders/:id', access: 'user' },
  'bag.confirmOrder': {
    method: 'POST',
    path: '/api/campaign/bag/orders/:id/confirm',
    access: 'user',
    query: ['campaign'],
  },
  'admin.importBagCodes': {
    method: 'POST',
    path: '/admin/api/campaigns/:id/bag-codes',
    access: 'admin',
  },

  // Forms with an operator side (docs/forms.md).
  'forms.photo': { method: 'POST', path: '/api/forms/photos', access: 'user' },
  'fullshop.page': { method: 'GET', path: '/api/forms/fullshop', access: 'optionalUser' },
  'fullshop.saveDraft': { method: 'PUT', path: '/api/forms/fullshop/draft', access: 'user' },
  'fullshop.deleteDraft': { method: 'DELETE', path: '/api/forms/fullshop/draft', access: 'user' },
  'fullshop.submit': {
    method: 'POST',
    path: '/api/forms/fullshop/applications',
    access: 'user',
  },
  'fullshop.mine': { method: 'GET', path: '/api/forms/fullshop/applications', access: 'user' },
  'fullshop.detail': {
    method: 'GET',
    path: '/api/forms/fullshop/applications/:id',
    access: 'user',
  },
  'joinus.page': { method: 'GET', path: '/api/forms/joinus', access: 'optionalUser' },
  'joinus.submit': { method: 'POST', path: '/api/forms/joinus/:track', access: 'user' },
  'apply.page': { method: 'GET', path: '/api/forms/apply', access: 'optionalUser' },
  'apply.submit': { method: 'POST', path: '/api/forms/apply', access: 'user' },
  'privacy.list': { method: 'GET', path: '/api/forms/privacy', access: 'public' },
  'privacy.mine': { method: 'GET', path: '/api/forms/privacy/mine', access: 'user' },
  'privacy.request': { method: 'POST', path: '/api/forms/privacy/requests', access: 'user' },
  'admin.privacyRequests': { method: 'GET', path: '/admin/api/privacy/requests', access: 'admin' },
  'admin.privacyFulfil': {
    method: 'POST',
    path: '/admin/api/privacy/requests/:id/fulfil',
    access: 'admin',
  },
  'admin.formEntriesCsv': {
    method: 'GET',
    path: '/admin/api/forms/:form/entries.csv',
    access: 'admin',
  },
  'admin.fullshopApplications': {
    method: 'GET',
    path: '/admin/api/forms/fullshop/applications',
    access: 'admin',
  },
  'admin.fullshopReview': {
    method: 'POST',
    path: '/admin/api/forms/fullshop/applications/:id/review',
    access: 'admin',
  },

  // Red-packet rain (issue 20): timed rounds the server plans, signs and settles; chances from
  // friends' assists (docs/campaigns.md, decision 0028).
  'rain.board': { method: 'GET', path: '/api/campaign/rain', access: 'optionalUser' },
  'rain.start': {
    method: 'POST',
    path: '/api/campaign/rain/rounds',
    access: 'user',
    query: ['campaign'],
  },
  'rain.settle': {
    method: 'POST',
    path: '/api/campaign/rain/rounds/settle',
    access: 'user',
    query: ['campaign'],
  },
  'rain.assist': {
    method: 'POST',
    path: '/api/campaign/rain/assist',
    access: 'user',
    query: ['campaign'],
  },
  'rain.assists': { method: 'GET', path: '/api/campaign/rain/assists', access: 'user' },
  // Red-packet fission and the game centre (issue 20, docs/campaigns.md, decision 0029).
  'fission.page': { method: 'GET', path: '/api/campaign/fission', access: 'optionalUser' },
  'fission.packet': {
    method: 'GET',
    path: '/api/campaign/fission/packets/:token',
    access: 'optionalUser',
  },
  'fission.open': {
    method: 'POST',
    path: '/api/campaign/fission/packets',
    access: 'user',
    query: ['campaign'],
  },
  'fission.help': {
    method: 'POST',
    path: '/api/campaign/fission/packets/:token/help',
    access: 'user',
    query: ['campaign'],
  },
  'admin.fissionChannels': {
    method: 'GET',
    path: '/admin/api/campaigns/:id/fission-channels',
    access: 'admin',
  },
  'game.centre': { method: 'GET', path: '/api/campaign/game', access: 'optionalUser' },
  'game.start': { method: 'POST', path: '/api/campaign/game/rounds', access: 'user' },
  'game.finish': {
    method: 'POST',
    path: '/api/campaign/game/rounds/:round/finish',
    access: 'user',
  },
  // CMS pages and store stations (issue 21, docs/cms-and-stations.md, decision 0032).
  'cms.page': { method: 'GET', path: '/api/campaign/cms/pages/:page', access: 'optionalUser' },
  'cms.cities': { method: 'GET', path: '/api/campaign/cms/cities', access: 'public' },
  'station.info': { method: 'GET', path: '/api/campaign/station', access: 'public' },
  'station.nearby': { method: 'GET', path: '/api/campaign/station/stores', access: 'public' },
  'station.store': { method: 'GET', path: '/api/campaign/station/stores/:id', access: 'public' },
  // Content pages (issue 22, docs/content-pages.md): community videos and the brand poster, the
  // wine corner, the app's version history.
  'video.page': { method: 'GET', path: '/api/campaign/video', access: 'public' },
  'video.media': { method: 'GET', path: '/api/campaign/video/media/:name', access: 'public' },
  'video.brandPoster': {
    method: 'GET',
    path: '/api/campaign/video/brand-poster.png',
    access: 'public',
  },
  'wine.page': { method: 'GET', path: '/api/campaign/wine', access: 'public' },
  'update.page': { method: 'GET', path: '/api/campaign/update', access: 'public' },
  // Forms and content wave (issue 22, docs/content.md): the love account and the content pages.
  'love.projects': { method: 'GET', path: '/api/campaign/love', access: 'optionalUser' },
  'love.project': {
    method: 'GET',
    path: '/api/campaign/love/projects/:key',
    access: 'optionalUser',
  },
  'love.donate': { method: 'POST', path: '/api/campaign/love/donations', access: 'user' },
  'love.mine': { method: 'GET', path: '/api/campaign/love/donations/mine', access: 'user' },
  'content.page': { method: 'GET', path: '/api/campaign/content/:page', access: 'optionalUser' },
  'content.claim': {
    method: 'POST',
    path: '/api/campaign/content/:page/coupons/claim',
    access: 'user',
  },
  // The cross-border shop (docs/crossborder.md): catalogue, search, detail, buy now.
  'xborder.home': { method: 'GET', path: '/api/commerce/xborder/home', access: 'public' },
  'xborder.products': { method: 'GET', path: '/api/commerce/xborder/products', access: 'public' },
  'xborder.product': {
    method: 'GET',
    path: '/api/commerce/xborder/products/:productId',
    access: 'public',
  },
  'xborder.order': { method: 'POST', path: '/api/commerce/xborder/orders', access: 'user' },
  'payment.wechatRefundNotify': {
    method: 'POST',
    path: '/api/commerce/notify/wechat/refund',
    access: 'public',
  },
  // The orange gift card (docs/orange-card.md): prepaid gift cards by city and face value, issued
  // when their order is paid; given to a friend by a one-claim link; purchase records.
  'orangeCard.home': { method: 'GET', path: '/api/commerce/orange-card', access: 'optionalUser' },
  'orangeCard.chooseCity': {
    method: 'POST',
    path: '/api/commerce/orange-card/city',
    access: 'user',
  },
  'orangeCard.order': {
    method: 'POST',
    path: '/api/commerce/orange-card/orders',
    access: 'user',
  },
  'orangeCard.records': {
    method: 'GET',
    path: '/api/commerce/orange-card/orders',
    access: 'user',
  },
  'orangeCard.orderDetail': {
    method: 'GET',
    path: '/api/commerce/orange-card/orders/:orderNo',
    access: 'user',
  },
  'orangeCard.cards': { method: 'GET', path: '/api/commerce/orange-card/cards', access: 'user' },
  'orangeCard.give': {
    method: 'POST',
    path: '/api/commerce/orange-card/cards/:id/give',
    access: 'user',
  },
  'orangeCard.gift': {
    method: 'GET',
    path: '/api/commerce/orange-card/gifts/:token',
    access: 'optionalUser',
  },
  'orangeCard.claim': {
    method: 'POST',
    path: '/api/commerce/orange-card/gifts/:token/claim',
    access: 'user',
  },
  // Chat in the app (issue 23, docs/chat-pages.md): the shopper's IM login for the SDK.
  'chat.imLogin': { method: 'POST', path: '/api/chat/im-login', access: 'user' },
  'chat.createTeamInvite': { method: 'POST', path: '/api/chat/team-invites', access: 'user' },
  'chat.teamInvite': { method: 'GET', path: '/api/chat/team-invites/:token', access: 'user' },
  // The live room (issue 23, docs/live-pages.md, decision 0052).
  'live.sessions': { method: 'GET', path: '/api/live/sessions', access: 'public' },
  'live.session': { method: 'GET', path: '/api/live/sessions/:id', access: 'optionalUser' },
  'live.like': { method: 'POST', path: '/api/live/sessions/:id/likes', access: 'optionalUser' },
  'live.draw': { method: 'POST', path: '/api/live/sessions/:id/draws', access: 'user' },
  'live.draws': { method: 'GET', path: '/api/live/sessions/:id/draws', access: 'public' },
  'live.media': { method: 'GET', path: '/api/live/media/:name', access: 'public' },
  'admin.createLiveSession': { method: 'POST', path: '/admin/api/live/sessions', access: 'admin' },
  'admin.liveSessions': { method: 'GET', path: '/admin/api/live/sessions', access: 'admin' },
  // Customer service (issue 23, docs/customer-service.md, decision 0056).
  'cs.open': { method: 'POST', path: '/api/cs/conversations', access: 'user' },
  'cs.messages': { method: 'GET', path: '/api/cs/conversations/:id/messages', access: 'user' },
  'cs.send': { method: 'POST', path: '/api/cs/conversations/:id/messages', access: 'user' },
  'cs.sendImage': { method: 'POST', path: '/api/cs/conversations/:id/images', access: 'user' },
  'cs.close': { method: 'POST', path: '/api/cs/conversations/:id/close', access: 'user' },
  'cs.agentMe': { method: 'GET', path: '/api/cs/agent', access: 'user' },
  'cs.agentStatus': { method: 'POST', path: '/api/cs/agent/status', access: 'user' },
  'cs.queue': { method: 'GET', path: '/api/cs/agent/queue', access: 'user' },
  'cs.agents': { method: 'GET', path: '/api/cs/agents', access: 'user' },
  'cs.claim': { method: 'POST', path: '/api/cs/conversations/:id/claim', access: 'user' },
  'cs.transfer': { method: 'POST', path: '/api/cs/conversations/:id/transfer', access: 'user' },
  'cs.customer': { method: 'GET', path: '/api/cs/conversations/:id/customer', access: 'user' },
  'cs.quickReplies': { method: 'GET', path: '/api/cs/agent/quick-replies', access: 'user' },
  'cs.addQuickReply': { method: 'POST', path: '/api/cs/agent/quick-replies', access: 'user' },
  'cs.deleteQuickReply': {
    method: 'DELETE',
    path: '/api/cs/agent/quick-replies/:id',
    access: 'user',
  },
  'admin.createServiceAgent': { method: 'POST', path: '/admin/api/cs/agents', access: 'admin' },
  'admin.serviceAgents': { method: 'GET', path: '/admin/api/cs/agents', access: 'admin' },
  'admin.removeServiceAgent': {
    method: 'DELETE',
    path: '/admin/api/cs/agents/:userId',
    access: 'admin',
  },

  // Winners and fulfilment, exchange codes, prize images (decision 0038).
  'awards.confirmReceipt': {
    method: 'POST',
    path: '/api/campaign/:campaign/awards/:id/receipt',
    access: 'user',
  },
  'admin.winners': { method: 'GET', path: '/admin/api/campaigns/:id/winners', access: 'admin' },
  'admin.winnersCsv': {
    method: 'GET',
    path: '/admin/api/campaigns/:id/winners.csv',
    access: 'admin',
  },
  'admin.shipAward': {
    method: 'PUT',
    path: '/admin/api/campaigns/:id/winners/:award/shipment',
    access: 'admin',
  },
  'admin.issueExchangeCodes': {
    method: 'POST',
    path: '/admin/api/exchange-codes',
    access: 'admin',
  },
  'admin.listExchangeCodes': { method: 'GET', path: '/admin/api/exchange-codes', access: 'admin' },
  'admin.uploadPrizeImage': { method: 'POST', path: '/admin/api/prize-images', access: 'admin' },
  'admin.prizeAssets': { method: 'GET', path: '/admin/api/prize-assets', access: 'admin' },

  // Operations.
  'health.check': { method: 'GET', path: '/healthz', access: 'public' },
  // The voice post office (issue 23, docs/postoffice.md).
  'postoffice.home': { method: 'GET', path: '/api/postoffice', access: 'optionalUser' },
  'postoffice.uploadVoice': { method: 'POST', path: '/api/postoffice/voices', access: 'user' },
  'postoffice.create': { method: 'POST', path: '/api/postoffice/cards', access: 'user' },
  'postoffice.mine': { method: 'GET', path: '/api/postoffice/cards', access: 'user' },
  'postoffice.card': { method: 'GET', path: '/api/postoffice/cards/:code', access: 'optionalUser' },
  'postoffice.remove': { method: 'DELETE', path: '/api/postoffice/cards/:code', access: 'user' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Every method a route is served with. */
export function methodsOf(endpoint: Endpoint): readonly Method[] {
  return typeof endpoint.method === 'string' ? [endpoint.method] : endpoint.method;
}
