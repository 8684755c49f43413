// /activity/redPacketRain/award "我的奖品": what the rain's rounds won (points, coupons, goods
// waiting for an address), each opening its detail.
import { paths } from '../../routes/paths.ts';
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';

export default function RainAwardPage() {
  return (
    <AwardsPage
      campaign="rain"
      subtitle="积分自动到账，优惠券在“我的优惠券”，实物奖品请填写收货地址"
      emptyDescription="每天都有红包雨，点中红包就有机会抽奖"
      backText="去抢红包"
      backPath={paths.rain()}
    />
  );
}
