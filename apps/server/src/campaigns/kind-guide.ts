// What an operator needs to know of each campaign kind before making an instance of it (issue 26,
// decision 0059): its Chinese name, whether several run side by side (decision 0049) or the site
// has one, what it gives (prizes on a board, prizes in a list, coupon templates, passwords) and,
// line by line, what a new instance needs. The admin API lists it (GET /admin/api/campaign-kinds)
// for the console's kinds page and its "new campaign" flow. A kind registered in kinds.ts without
// an entry here fails the admin API test (test/campaigns/additions.test.ts).

export interface KindGuide {
  name: string;
  instances: 'many' | 'one';
  prizes: 'board' | 'list' | 'none';
  couponTemplates: boolean;
  passwords: boolean;
  needs: string[];
}

const WINDOW = '活动时间：开始与结束时间，发布后按时间自动开始和结束';
const FALLBACK = '一个库存不限量的保底奖品（设置的 fallbackPrize），抽中的奖品没货时由它兜底';
const one = (name: string, needs: string[]): KindGuide => ({
  name,
  instances: 'one',
  prizes: 'none',
  couponTemplates: false,
  passwords: false,
  needs: ['全站只有一个，修改现有活动的设置即可，不必新建', ...needs],
});

export const KIND_GUIDE: Record<string, KindGuide> = {
  sign: {
    name: '每日签到',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：每次签到的积分（dailyPoints）、连签奖励（streakRewards，可为空）',
      '连签奖励引用的奖品须先在本活动中添加',
    ],
  },
  raffle: {
    name: '九宫格/转盘抽奖',
    instances: 'many',
    prizes: 'board',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：盘面样式（九宫格 8 格或转盘 12 格）、每天抽奖次数、好友助力加的次数',
      '奖品放在盘面格位上（九宫格 0-7，转盘 0-11），每格一个；不上盘面的填 -1',
      FALLBACK,
    ],
  },
  password: {
    name: '输口令赢奖品',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: true,
    needs: [WINDOW, '奖品：口令兑换的真奖品', '口令：每个口令对应一个奖品、生效时间和次数上限'],
  },
  coupon: {
    name: '领券中心',
    instances: 'many',
    prizes: 'none',
    couponTemplates: true,
    passwords: false,
    needs: [
      WINDOW,
      '优惠券模板：面额、门槛、有效天数、库存、每人限领；开放领取的模板出现在领券中心',
      '新人礼包、兑换码和赠券是全站的，只在领券中心（coupon）本身的设置里',
    ],
  },
  vote: {
    name: '投票评选',
    instances: 'many',
    prizes: 'none',
    couponTemplates: false,
    passwords: false,
    needs: [WINDOW, '设置：每天可投票数、截止时间、候选项（编号、名称、图片、介绍）'],
  },
  free: {
    name: '摇一摇免单',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：每天摇奖次数、摇动灵敏度（shakeThreshold）',
      '奖品：按权重抽取',
      FALLBACK,
    ],
  },
  bag: {
    name: '开袋扫码有奖',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：每天可输码次数（attemptsPerDay）',
      '奖品：按权重抽取',
      '袋内码：通过 POST /admin/api/campaigns/:id/bag-codes 导入，每个码兑一次',
      FALLBACK,
    ],
  },
  rain: {
    name: '红包雨',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：每天轮数、好友助力加的轮数、每轮秒数与红包数、最少接住数、是否须在微信内',
      '奖品：按权重抽取',
      FALLBACK,
    ],
  },
  fission: {
    name: '拆红包（好友助力）',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '设置：红包总积分、需要几位好友拆、有效分钟数、每天红包数与助力数、分享文案',
      '奖品：分享奖品（sharePrize）须先在本活动中添加',
    ],
  },
  live: {
    name: '直播间福利',
    instances: 'many',
    prizes: 'list',
    couponTemplates: false,
    passwords: false,
    needs: [
      WINDOW,
      '奖品：主播在直播中抽取的奖品池',
      '直播场次创建时以 campaign 指定本活动（POST /admin/api/live/sessions）',
    ],
  },
  content: {
    name: '内容专题页',
    instances: 'many',
    prizes: 'none',
    couponTemplates: true,
    passwords: false,
    needs: [WINDOW, '设置：页面内容块（文字、图片、链接），每个页面一个活动编号'],
  },
  cms: one('城市专题页', ['设置：各城市的页面与内容块']),
  game: one('游戏中心', ['设置：游戏目录，每个入口指向一个活动实例']),
  love: one('爱心账户', ['设置：公益项目（项目即实例）']),
  station: one('门店驿站', ['设置：城市与门店位置']),
  download: one('下载与跳转页', ['设置：应用商店链接与版本']),
  video: one('社区视频', ['设置：视频列表']),
  wine: one('酒水专区', ['设置：年龄确认、法律声明与酒品']),
  update: one('版本更新', ['设置：各平台的版本与更新说明']),
  privacy: one('个人信息收集清单', ['设置：收集项目清单']),
  fullshop: one('门店申报', ['设置：门店类型、照片数量、审核时间']),
  joinus: one('加入我们', ['设置：加盟与供应两条线的介绍与表单']),
  apply: one('活动报名', ['设置：每次报名可带人数']),
  bank: one('储值卡充值', ['设置：充值金额、银行渠道与赠送']),
  xborder: one('跨境馆', ['设置：分类、商品、热搜词']),
  orangeCard: one('小橙卡', ['设置：发售城市与面额、限购与祝福语']),
  postoffice: one('声音邮局', ['设置：卡片模板、封面与每日限额']),
};
