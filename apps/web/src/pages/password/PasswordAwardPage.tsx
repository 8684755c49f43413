// /activity/password/award "我的奖品" (login): prizes won with a password.
import { AwardsPage } from '../campaign-kit/AwardsPage.tsx';
import { paths } from '../../routes/paths.ts';

export default function PasswordAwardPage() {
  return (
    <AwardsPage
      campaign="password"
      subtitle="口令兑换的奖品都在这里"
      emptyDescription="在直播间、包装袋或公众号获取口令，输入即可领奖"
      backText="去输口令"
      backPath={paths.password()}
    />
  );
}
