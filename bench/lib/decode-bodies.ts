// Frame bodies as a browser receives them, for `npm run bench -- msgpack-decode`: the reply to a
// sent text message, a message push, a Chinese one, and a sync push of 100 messages (the shapes
// of packages/protocol's Msg; the values are made up).

function message(i: number, text: string) {
  return {
    scene: 'p2p',
    from: `shopper-${1000 + (i % 7)}`,
    to: 'service-desk-01',
    type: 'text',
    idClient: `c7f3a9e2-5b1d-4c8e-9f60-${String(100000000000 + i)}`,
    text,
    custom: i % 3 === 0 ? '{"orderNo":"20261126000123","source":"coupon"}' : undefined,
    fromNick: i % 2 === 0 ? 'Lily' : '小林',
    fromClientType: 16,
    fromDeviceId: 'd-6c1e0b3a9f',
    time: 1_764_115_200_000 + i * 1375,
    idServer: String(7_000_000_000_000 + i),
    seq: 1 + i,
    isHistoryable: true,
    isRoamingable: true,
    isPushable: true,
    needPushNick: true,
  };
}

const strip = <T extends object>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const DECODE_BODIES: { name: string; value: Record<string, unknown> }[] = [
  {
    name: 'the reply to a sent text',
    value: {
      msg: {
        idClient: 'c7f3a9e2-5b1d-4c8e',
        idServer: '7000000000001',
        time: 1_764_115_200_000,
        seq: 12,
      },
    },
  },
  { name: 'a message push', value: strip({ msg: message(1, 'Is the coupon still valid today?') }) },
  {
    name: 'a Chinese message push',
    value: strip({ msg: message(2, '你好，我想问一下这张优惠券今天还能用吗？谢谢') }),
  },
  {
    name: 'a sync push of 100 messages',
    value: strip({
      msgs: Array.from({ length: 100 }, (_, i) =>
        message(
          i,
          i % 2 ? `Order ${i} has shipped, thank you!` : `第${i}号订单已发货，谢谢您的耐心等待。`,
        ),
      ),
      timetag: 1_764_115_400_000,
    }),
  },
];
