// /my/agreement 用户服务协议: what a shopper agrees to when logging in.
import { LegalText } from './LegalText.tsx';

const SECTIONS = [
  {
    heading: '一、协议的范围',
    paragraphs: [
      '本协议是您与零食铺子（以下简称“我们”）之间关于使用活动中心及其各项活动服务（签到、抽奖、口令、优惠券等）的约定。您勾选同意并登录，即表示您已阅读并接受本协议。',
    ],
  },
  {
    heading: '二、账号',
    paragraphs: [
      '您以本人手机号和短信验证码登录，未注册的手机号验证后将自动注册。请妥善保管您的手机和验证码，通过您的账号进行的操作视为您本人的操作。',
    ],
  },
  {
    heading: '三、活动规则',
    paragraphs: [
      '每个活动的时间、次数、奖品和领取方式以该活动页面“活动规则”为准。奖品数量有限，先到先得；实物奖品需您在“我的奖品”中填写真实、完整的收货地址，地址可在发货前修改。',
      '如发现以作弊、批量注册、使用外挂程序等不正当方式参与活动，我们有权取消相应的参与资格和所得奖励。',
    ],
  },
  {
    heading: '四、优惠券与积分',
    paragraphs: [
      '优惠券须在有效期内按券面的门槛、适用范围和使用渠道使用，过期作废，不可兑换现金。积分仅限在本平台内使用。',
    ],
  },
  {
    heading: '五、联系我们',
    paragraphs: ['对本协议或活动有任何疑问，请通过在线客服与我们联系，我们将在15个工作日内答复。'],
  },
];

export default function AgreementPage() {
  return <LegalText title="用户服务协议" sections={SECTIONS} />;
}
