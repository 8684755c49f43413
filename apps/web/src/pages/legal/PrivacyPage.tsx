// /my/privacy 隐私政策: what the campaigns collect, why, and the shopper's rights.
import { LegalText } from './LegalText.tsx';

const SECTIONS = [
  {
    heading: '一、我们收集的信息',
    paragraphs: [
      '手机号：用于登录、注册和发送短信验证码。',
      '活动记录：签到、抽奖、口令兑换、优惠券领取和使用记录，用于发放和核对奖励。',
      '收货信息：仅在您领取实物奖品时填写的收货人、手机号和地址，用于寄送奖品。',
      '设备信息：设备标识和网络请求记录，用于保障账号安全和防范作弊。',
    ],
  },
  {
    heading: '二、信息的使用与共享',
    paragraphs: [
      '我们仅为上述目的使用您的信息。寄送实物奖品时，收货信息会提供给承运的快递公司；除法律法规要求外，我们不会向其他第三方提供您的个人信息。',
    ],
  },
  {
    heading: '三、信息的保存',
    paragraphs: [
      '您的信息保存在中华人民共和国境内，保存期限为实现上述目的所必需的最短时间；活动结束后，收货信息将在奖品签收满6个月后删除。',
    ],
  },
  {
    heading: '四、您的权利',
    paragraphs: [
      '您可以在“我的奖品”中查看和修改未发货奖品的收货地址，也可以通过在线客服查询、更正或删除您的个人信息，或注销账号。',
    ],
  },
];

export default function PrivacyPage() {
  return <LegalText title="隐私政策" sections={SECTIONS} />;
}
