// Chinese labels and formats of the admin API's values.
export const STATE_LABELS: Record<string, { text: string; color: string }> = {
  not_started: { text: '未开始', color: 'default' },
  running: { text: '进行中', color: 'green' },
  paused: { text: '已暂停', color: 'orange' },
  ended: { text: '已结束', color: 'red' },
};

export const PRIZE_KIND_LABELS: Record<string, string> = {
  thanks: '谢谢参与',
  points: '积分',
  coupon: '优惠券',
  goods: '实物',
};

const formatter = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An epoch-millisecond time in China Standard Time, as operators read it. */
export const formatTime = (ms: number): string => formatter.format(new Date(ms));

/** Fen as yuan: 600 -> "6", 650 -> "6.5". */
export const yuan = (fen: number): string => String(fen / 100);

/** Where a prize is on its way (decision 0038). */
export const FULFILMENT_LABELS: Record<string, { text: string; color: string }> = {
  issued: { text: '已发放', color: 'default' },
  unclaimed: { text: '待填地址', color: 'orange' },
  address_given: { text: '待发货', color: 'blue' },
  shipped: { text: '已发货', color: 'cyan' },
  received: { text: '已收货', color: 'green' },
};

/** An exchange code's state. */
export const CODE_STATUS_LABELS: Record<string, { text: string; color: string }> = {
  unused: { text: '未使用', color: 'green' },
  used: { text: '已使用', color: 'default' },
  expired: { text: '已过期', color: 'red' },
  not_started: { text: '未生效', color: 'orange' },
};
