// A campaign page's share content: set for the environment's own share button on entry, and
// shared on the page's share button through the shell's one share interface.
import { useEffect } from 'react';
import { setShareContent, shareNow, type ShareContent } from '../../share/share.ts';
import type { AwardCampaign, Campaign } from './api.ts';
import { paths } from '../../routes/paths.ts';
import { withCampaign } from './whichCampaign.ts';

export interface PageShare {
  path: string;
  title: string;
  description: string;
  image?: string;
}

const absolute = (url: string) => new URL(url, window.location.origin).href;

export function shareContentOf(share: PageShare): ShareContent {
  return {
    link: absolute(share.path),
    title: share.title,
    description: share.description,
    imgUrl: absolute(share.image ?? '/favicon.svg'),
  };
}

/** Keeps the environment's share button on this page's content; returns the page's share action. */
export function usePageShare(share: PageShare | null, onShared?: () => void): () => void {
  const key = share ? JSON.stringify(share) : '';
  useEffect(() => {
    if (share) setShareContent(shareContentOf(share));
  }, [key]);
  return () => shareNow(share ? shareContentOf(share) : undefined, onShared);
}

/**
 * What a campaign's pages share, its prize pages too (never the shopper's prizes): the campaign
 * under its configured title (an operator changes it through the admin API); these built-in ones
 * stand in until it has loaded or when it cannot be read.
 */
const CAMPAIGN_SHARE: Record<AwardCampaign, PageShare> = {
  sign: {
    path: paths.sign(),
    title: '每日签到领好礼',
    description: '天天签到领积分，连签还有零食大奖',
    image: '/api/campaign/assets/points.png',
  },
  raffle: {
    path: paths.raffle(),
    title: '零食九宫格 天天抽好礼',
    description: '每天免费抽零食大礼包，快来试试手气',
    image: '/api/campaign/assets/gift.png',
  },
  password: {
    path: paths.password(),
    title: '输口令 赢零食',
    description: '直播间口令、包装袋口令都在这里兑换，积分、优惠券、坚果礼盒等你拿',
    image: '/api/campaign/assets/nuts.png',
  },
  free: {
    path: '/activity/free/index',
    title: '摇一摇 免单吃零食',
    description: '摇一摇就能免单吃零食，天天都有机会',
    image: '/api/campaign/assets/free.svg',
  },
  bag: {
    path: '/activity/openBagPrize/index',
    title: '开袋有奖 码上赢好礼',
    description: '买零食开袋就有奖，坚果礼盒、芒果干整箱送',
    image: '/api/campaign/assets/gift.svg',
  },
  rain: {
    path: '/activity/redPacketRain/index',
    title: '零食红包雨',
    description: '20秒红包雨，手快有零食，积分和零食券等你抢',
    image: '/api/campaign/assets/redpacket.png',
  },
  fission: {
    path: '/activity/redPacketFission/index',
    title: '拆红包 好友一起分积分',
    description: '开一个积分红包，好友帮拆人人有积分',
    image: '/api/campaign/assets/red-packet.png',
  },
  live: {
    path: paths.liveSessions(),
    title: '零食直播间',
    description: '边看边抢，直播间福利不停',
    image: '/api/campaign/assets/gift.png',
  },
};

/**
 * The share content of a campaign, titled as configured once `info` (its campaign object) is
 * read; a link to an instance other than the kind's own carries its id (decision 0037), so a
 * friend opens the same one.
 */
export function campaignShare(campaign: AwardCampaign, info: Campaign | null): PageShare {
  const share = CAMPAIGN_SHARE[campaign];
  if (!info) return share;
  return {
    ...share,
    title: info.title,
    path: withCampaign(share.path, info.id === campaign ? undefined : info.id),
  };
}
