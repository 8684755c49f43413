// What the operator reads of a winner (decision 0038): the list masks the account's number and
// the recipient's; the CSV export, made for the courier's waybill, carries the recipient's number
// in full and still masks the account's.
import type { FulfilmentState, WinnerRow } from '../store/fulfilment.ts';
import { maskMobile } from '../../product/index.ts';
import { shipmentOf, type DeliveryAddress } from '../kernel/awards.ts';
import { chinaDateTime } from '../kernel/time.ts';

export function fulfilmentState(award: WinnerRow): FulfilmentState {
  if (award.kind !== 'goods') return 'issued';
  if (award.received_at !== null) return 'received';
  if (award.shipped_at !== null) return 'shipped';
  return award.address === null ? 'unclaimed' : 'address_given';
}

const addressOf = (award: WinnerRow) =>
  award.address === null ? null : (JSON.parse(award.address) as DeliveryAddress);

export function winnerView(award: WinnerRow) {
  const address = addressOf(award);
  return {
    id: Number(award.id),
    userId: Number(award.user_id),
    mobile: maskMobile(award.account_mobile),
    prizeKey: award.prize_key,
    prizeName: award.name,
    kind: award.kind,
    source: award.source,
    state: fulfilmentState(award),
    createdAt: Number(award.created_at),
    address: address && { ...address, mobile: maskMobile(address.mobile) },
    shipment: shipmentOf(award),
  };
}

const STATE_TEXT: Record<FulfilmentState, string> = {
  issued: '已发放',
  unclaimed: '待填写地址',
  address_given: '待发货',
  shipped: '已发货',
  received: '已收货',
};
const KIND_TEXT = { goods: '实物', coupon: '优惠券', points: '积分' } as const;

export const WINNER_CSV_HEADER = [
  '编号',
  '中奖时间',
  '用户ID',
  '账号手机号',
  '奖品',
  '奖品类型',
  '状态',
  '收件人',
  '收件人手机号',
  '省',
  '市',
  '区县',
  '详细地址',
  '承运商',
  '运单号',
  '发货时间',
  '收货时间',
];

const time = (ms: number | null) => (ms === null ? '' : chinaDateTime(Number(ms)));

export function winnerCsvRow(award: WinnerRow): string[] {
  const address = addressOf(award);
  return [
    String(award.id),
    time(award.created_at),
    String(award.user_id),
    maskMobile(award.account_mobile),
    award.name,
    KIND_TEXT[award.kind],
    STATE_TEXT[fulfilmentState(award)],
    address?.name ?? '',
    address?.mobile ?? '',
    address?.provinceName ?? '',
    address?.cityName ?? '',
    address?.regionName ?? '',
    address?.detail ?? '',
    award.carrier ?? '',
    award.tracking_no ?? '',
    time(award.shipped_at),
    time(award.received_at),
  ];
}
