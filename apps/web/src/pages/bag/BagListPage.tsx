// /activity/openBagPrize/list "中奖记录" (login): the prizes won from bags; each opens its order.
import { paths } from '../../routes/paths.ts';
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';

export default function BagListPage() {
  return (
    <AwardsPage
      campaign="bag"
      subtitle="实物奖品请填写收货信息并确认订单"
      emptyDescription="撕开零食包装袋，输入袋内兑奖码即可开奖"
      backText="去开袋"
      backPath={paths.bag()}
    />
  );
}
