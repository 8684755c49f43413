// A prize won from a bag as its order pages show it: the prize, the code it came from, and the
// delivery address once given. Both /userInfo and /confirmOrder read it through bag.order.
import { useSearchParams } from 'react-router';
import { api, type DataOf } from '../../request/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { paths } from '../../routes/paths.ts';
import styles from './BagPage.module.css';

export type BagOrder = DataOf<'bag.order'>;

export const BAG_EXIT = { label: '返回开袋有奖', to: paths.bag() };

/** The order of the page's `?id=`; an id that is not a number reads as not found. */
export function useBagOrder() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[1-9][0-9]{0,15}$/.test(id);
  const handle = useRemote(
    () =>
      valid
        ? api.call('bag.order', { id })
        : Promise.resolve({ code: 60003, message: '奖品不存在', data: null as never }),
    [id],
  );
  return { id, ...handle };
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
