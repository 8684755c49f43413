// /activity/wechat_pass/crossborderDetail: a product for WeChat links; its way back leads to the
// WeChat entry of the shop.
import { ProductPage } from './DetailPage.tsx';

export default function WechatPassDetailPage() {
  return <ProductPage wechatPass />;
}
