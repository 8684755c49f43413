// /activity/free/award "我的奖品": the free-meal coupons the shake won (each opens its coupon).
import { paths } from '../../routes/paths.ts';
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';

export default function FreeAwardPage() {
  return (
    <AwardsPage
      campaign="free"
      subtitle="免单券已放入“我的优惠券”，门店和线上均可使用"
      emptyDescription="每天都有摇奖机会，免单就在下一摇"
      backText="去摇一摇"
      backPath={paths.free()}
    />
  );
}
