// A prize won from a bag as its order pages show it: the prize, the code it came from, and the
// delivery address once given. Both /userInfo and /confirmOrder read it through bag.order.
import { api, type DataOf } from '../../request/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import styles from './BagPage.module.css';

export type BagOrder = DataOf<'bag.order'>;

/** The way back to the open-bag campaign the order came from. */
export const bagExit = (campaign: string | undefined) => ({
  label: '返回开袋有奖',
  to: paths.bag({ campaign }),
});

/**
 * The order of the page's `?id=` in the open-bag campaign of its `?campaign=` (decision 0037);
 * an id that is not a number reads as not found.
 */
export function useBagOrder() {
  const [params] = useSearchParams();
  const { campaignId, which } = useWhichCampaign();
  const id = params.get('id') ?? '';
  const valid = /^[1-9][0-9]{0,15}$/.test(id);
  const handle = useRemote(
    () =>
      valid
        ? api.call('bag.order', { ...which, id })
        : Promise.resolve({ code: 60003, message: '奖品不存在', data: null as never }),
    [id, which],
  );
  return { id, campaignId, which, exit: bagExit(campaignId), ...handle };
}

export function OrderSummary({ order }: { order: BagOrder }) {
  const a = order.address;
  return (
    <>
      <section className={styles.card} aria-label="奖品信息">
        <div className={styles.orderPrize}>
          <img src={order.award.image} alt="" width={64} height={64} />
          <div>
            <strong>{order.award.name}</strong>
            <span>兑奖码 {order.code}</span>
            <span>开奖时间 {formatDateTime(order.openedAt)}</span>
          </div>
        </div>
      </section>
      {a && (
        <section className={styles.card} aria-label="收货信息">
          <h2 className={styles.heading}>收货信息</h2>
          <p className={styles.addressLine}>
            {a.name} {a.mobile.slice(0, 3)} **** {a.mobile.slice(7)}
          </p>
          <p className={styles.addressLine}>
            {a.provinceName}
            {a.cityName}
            {a.regionName} {a.detail}
          </p>
        </section>
      )}
    </>
  );
}
