// /activity/raffle/award "我的奖品" (login): what the raffle won; goods prizes take an address.
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';
import { paths } from '../../routes/paths.ts';

export default function RaffleAwardPage() {
  return (
    <AwardsPage
      campaign="raffle"
      subtitle="实物奖品请填写收货地址，优惠券可直接使用"
      emptyDescription="每天都有免费抽奖机会，好运就在下一次"
      backText="去抽奖"
      backPath={paths.raffle()}
    />
  );
}
