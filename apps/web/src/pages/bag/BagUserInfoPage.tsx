// /activity/openBagPrize/userInfo "填写领奖信息" (login): the winner of a goods prize gives the
// delivery address (the kit's address sheet: area picker, own number prefilled, confirmation),
// then goes on to confirm the order. A prize that already has one shows it, with 修改 and 下一步.
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { Empty, Failed, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { OrderSummary, useBagOrder } from './OrderSummary.tsx';
import styles from './BagPage.module.css';

const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

export default function BagUserInfoPage() {
  const navigate = useNavigate();
  const { id, campaignId, exit, remote, retry, setData } = useBagOrder();
  const [editing, setEditing] = useState(false);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={exit} />;
  const order = remote.data;
  if (order.award.kind !== 'goods')
    return <Failed message="该奖品已直接发放，无需填写领奖信息" exit={exit} />;
  const sheetOpen = editing || order.state === 'needs_address';
  return (
    <main className={styles.page}>
      <Hero title="填写领奖信息" subtitle="请填写收货信息，确认订单后7个工作日内发货" />
      <div className={styles.lift}>
        <OrderSummary order={order} />
      </div>
      {order.state === 'needs_address' ? (
        <Empty
          title="还没有收货信息"
          description="填写后即可确认订单"
          action={
            <Button color="primary" shape="rounded" onClick={() => setEditing(true)}>
              填写收货信息
            </Button>
          }
        />
      ) : (
        <div className={styles.actions}>
          {order.state !== 'confirmed' && (
            <Button shape="rounded" onClick={() => setEditing(true)}>
              修改收货信息
            </Button>
          )}
          <Button
            color="primary"
            shape="rounded"
            onClick={() => navigate(paths.bagOrder(id, { campaign: campaignId }))}
          >
            {order.state === 'confirmed' ? '查看订单' : '下一步：确认订单'}
          </Button>
        </div>
      )}
      {sheetOpen && order.state !== 'confirmed' && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={order.award.campaignId}
            awardId={order.award.id}
            prizeName={order.award.name}
            current={order.address}
            visible={editing || order.state === 'needs_address'}
            onClose={() => setEditing(false)}
            onSubmitted={(address) => {
              setEditing(false);
              setData((o) => ({ ...o, address, state: 'ready' }));
              navigate(paths.bagOrder(id, { campaign: campaignId }));
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
