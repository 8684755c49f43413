import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { couponUsePath, paths } from './paths.ts';
import { servedRoutes } from './table.ts';

/** The served route a path lands on (query left aside), or undefined. */
const routeOf = (path: string) =>
  servedRoutes().find((route) => matchPath(route.path, new URL(path, 'http://x').pathname));

describe('route builders', () => {
  it('land on routes the router serves', () => {
    const built = [
      paths.home(),
      paths.login('/activity/sign/index'),
      paths.agreement(),
      paths.privacy(),
      paths.myPrizes(),
      paths.sign(),
      paths.raffle({ shareCode: 'AB12CD34' }),
      paths.password(),
      paths.vote(),
      paths.free(),
      paths.bag({ code: 'BAG0000001' }),
      paths.bagList(),
      paths.bagUserInfo(3),
      paths.bagOrder(3),
      paths.rain(),
      paths.rainOauth(),
      paths.rainHelpU('AB12CD34'),
      paths.rainHelp(),
      paths.fission({ packet: 'AbCdEfGhJkMnPqRsTuVw', channel: 'poster' }),
      paths.fissionNew(),
      paths.fissionOauth('/activity/redPacketFission/index'),
      paths.fissionChannel('poster'),
      paths.gameCentre(),
      ...(['sign', 'raffle', 'password', 'free', 'bag', 'rain', 'fission'] as const).flatMap(
        (c) => [paths.campaign(c), paths.awards(c)],
      ),
      paths.awardDetail({ campaignId: 'raffle', id: 12 }),
      paths.couponCentre(),
      paths.coupons(),
      paths.coupons({ id: 3 }),
      paths.couponOnline(3),
      paths.couponPoster(),
      paths.newUserPack(),
      paths.couponGift('AB12CD34'),
      paths.crossBorder(),
      paths.crossBorder(true),
      paths.crossBorderCategory('chips'),
      paths.crossBorderSearch('抹茶'),
      paths.crossBorderDetail('macadamia'),
      paths.crossBorderDetail('macadamia', { wechatPass: true, orderNo: '20260115120000123456' }),
      ...(['outdoor', 'activity', 'H5JumpWechat', 'zfbDownload'] as const).map(paths.download),
      ...(['WeChatScheme', 'h5ToWx'] as const).map(paths.miniProgramJump),
      paths.fullshopTypes(),
      paths.fullshopForm({ type: 'community' }),
      paths.fullshopList(),
      paths.fullshopResult(4),
      paths.joinus(),
      paths.postoffice(),
      paths.postofficeTemplate('birthday'),
      paths.postofficeCover('birthday'),
      paths.postofficeRecord(),
      paths.postofficeMake(),
      paths.postofficeCard('AbCdEfGhJkMnPqRsTuVw12'),
      paths.postofficeList(),
      paths.joinusTrack('merchant'),
      paths.joinusTrack('supplier'),
      paths.joinusForm('supplier'),
      paths.joinusSuccess('merchant'),
      paths.apply(),
      paths.privacyList(),
      paths.privacyDetail('mobile'),
      paths.cmsPage({ id: 'index', city: '310100' }),
      paths.cmsAppCoupon(),
      paths.cmsAppCouponOnly({ city: '330100' }),
      paths.cmsChooseCity({ returnTo: '/activity/cmsPage/index' }),
      paths.stations(),
      paths.stationShare(),
      paths.stationFollow(),
      paths.store('sh-jingan'),
      paths.communityVideos(),
      paths.communityVideos({ id: 'nut-crunch' }),
      paths.communityVideo('nut-crunch'),
      paths.brandVideo(),
      paths.brandPoster(),
      paths.wine(),
      paths.liveSessions(),
      paths.liveRoom(3),
      paths.liveAwards(),
      paths.awards('live'),
      paths.appUpdate(),
      paths.orangeCard(),
      paths.orangeCard({ city: 'hangzhou' }),
      paths.orangeChooseCity(),
      paths.orangeOrderSubmit({ city: 'hangzhou', faceId: '100', quantity: 2 }),
      paths.orangeOrderSubmit({ orderNo: '20261126080000123456' }),
      paths.orangePayResult('20261126080000123456'),
      paths.orangeGive(),
      paths.orangeGive(3),
      paths.orangeBuyRecord(),
      paths.orangeReceive('a'.repeat(43)),
    ];
    for (const path of built) expect(routeOf(path), path).toBeDefined();
  });

  it('encode their parameters and leave out empty ones', () => {
    expect(paths.raffle()).toBe('/activity/raffle/index');
    expect(paths.raffle({ shareCode: null })).toBe('/activity/raffle/index');
    expect(paths.raffle({ shareCode: 'AB12' })).toBe('/activity/raffle/index?shareCode=AB12');
    expect(paths.login('/activity/sign/index?x=1')).toBe(
      '/my/login?loginFrom=%2Factivity%2Fsign%2Findex%3Fx%3D1',
    );
    expect(paths.awardDetail({ campaignId: 'sign', id: 7 })).toBe(
      '/activity/sign/detail?campaign=sign&id=7',
    );
  });

  it('send a coupon to where it is used', () => {
    expect(couponUsePath({ id: 5, channels: ['online'] })).toBe('/activity/coupon/cloudUse?id=5');
    expect(couponUsePath({ id: 5, channels: ['store', 'online'] })).toBe(
      '/activity/coupon/use?id=5',
    );
  });
});
