// /activity/wechat_pass/crossborderIndex: the shop front for WeChat links; products open under
// the same prefix.
import { ShopFront } from './IndexPage.tsx';

export default function WechatPassIndexPage() {
  return <ShopFront wechatPass />;
}
