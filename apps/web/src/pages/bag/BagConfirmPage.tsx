// /activity/openBagPrize/confirmOrder "确认订单" (login): the goods prize, its code and the
// delivery address; 确认订单 (asked once more, as it cannot be undone) confirms it for shipping.
// Without an address it sends the winner to /userInfo; points and coupons need no order.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction } from '../campaign-kit/useRemote.ts';
import { OrderSummary, useBagOrder } from './OrderSummary.tsx';
import styles from './BagPage.module.css';

export default function BagConfirmPage() {
  const { id, campaignId, which, exit, remote, retry, setData } = useBagOrder();
  const [sending, setSending] = useState(false);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={exit} />;
  const order = remote.data;

  const confirm = async () => {
    const sure = await Dialog.confirm({
      title: '确认订单',
      content: '确认后将按此地址发货，地址不能再修改',
      confirmText: '确认',
      cancelText: '再看看',
    });
    if (!sure) return;
    setSending(true);
    const reply = await runAction(() => api.call('bag.confirmOrder', { ...which, id }), toast);
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      setData(() => reply.data);
      toast('订单已确认');
    } else toast(reply.message);
  };

  return (
    <main className={styles.page}>
      <Hero title="确认订单" subtitle="确认收货信息无误后提交，7个工作日内发货" />
      <div className={styles.lift}>
        <OrderSummary order={order} />
      </div>
      <section className={styles.card} aria-label="订单状态">
        {order.state === 'issued' && (
          <p className={styles.done}>奖品已直接发放到您的账户，无需确认订单</p>
        )}
        {order.state === 'needs_address' && (
          <>
            <p className={styles.hint}>请先填写收货信息</p>
            <Link
              className={styles.primaryLink}
              to={paths.bagUserInfo(id, { campaign: campaignId })}
            >
              填写收货信息
            </Link>
          </>
        )}
        {order.state === 'ready' && (
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={sending}
              onClick={() => void confirm()}
            >
              确认订单
            </Button>
            <Link
              className={styles.secondaryLink}
              to={paths.bagUserInfo(id, { campaign: campaignId })}
            >
              修改收货信息
            </Link>
          </>
        )}
        {order.state === 'confirmed' && order.confirmedAt !== null && (
          <p className={styles.done}>
            订单已确认（{formatDateTime(order.confirmedAt)}），我们将在7个工作日内发货
          </p>
        )}
      </section>
      <nav className={styles.links}>
        <Link to={paths.bagList({ campaign: campaignId })}>中奖记录 ›</Link>
        <Link to={paths.bag({ campaign: campaignId })}>继续开袋 ›</Link>
      </nav>
    </main>
  );
}
