// /activity/live/awardRecord "中奖记录": what the live room's lotteries gave the shopper; goods
// prizes take an address (the campaign kit's prize list, campaign `live`).
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';
import { paths } from '../../routes/paths.ts';

export default function AwardRecordPage() {
  return (
    <AwardsPage
      campaign="live"
      subtitle="直播间抽中的奖品都在这里，实物奖品请填写收货地址"
      emptyDescription="还没有中奖记录，去直播间等主播抽奖吧"
      backText="去看直播"
      backPath={paths.liveSessions()}
    />
  );
}
