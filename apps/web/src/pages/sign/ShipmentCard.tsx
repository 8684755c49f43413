// The shipment of a goods prize on its detail page (decision 0038): "已发货 · 承运商 · 单号" with
// the shipping time, the number copyable for the carrier's tracking page, and 确认收货 (asked once
// more, since it cannot be undone) until the winner confirms; then when it was received.
import { useState } from 'react';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Button, Dialog } from '../../ui/index.ts';
import type { AwardCampaign, AwardDetail } from '../campaign-kit/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { runAction } from '../campaign-kit/useRemote.ts';
import styles from './AwardDetailPage.module.css';

interface ShipmentCardProps {
  /** The prize's campaign: a kind's own or another instance's id (decision 0037). */
  campaign: AwardCampaign | (string & {});
  awardId: number;
  shipment: NonNullable<AwardDetail['shipment']>;
  onReceived: (receivedAt: number) => void;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('运单号已复制');
  } catch {
    toast('复制失败，请长按运单号复制');
  }
}

export function ShipmentCard({ campaign, awardId, shipment, onReceived }: ShipmentCardProps) {
  const [sending, setSending] = useState(false);
  const received = shipment.receivedAt !== null;

  const confirm = async () => {
    const sure = await Dialog.confirm({
      title: '确认收货',
      content: '请确认您已收到奖品，确认后不能撤销',
      confirmText: '已收到',
      cancelText: '再等等',
    });
    if (!sure) return;
    setSending(true);
    const reply = await runAction(
      () => api.call('awards.confirmReceipt', { campaign, id: awardId }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast('已确认收货');
      onReceived(reply.data.receivedAt);
    } else toast(reply.message);
  };

  return (
    <section className={styles.card} aria-label="物流信息">
      <h2 className={styles.heading}>物流信息</h2>
      <p className={styles.shipment}>
        {received ? '已收货' : '已发货'} · {shipment.carrier} · {shipment.trackingNo}
      </p>
      <p className={styles.shipmentMeta}>发货时间：{formatDateTime(shipment.shippedAt)}</p>
      {shipment.receivedAt !== null && (
        <p className={styles.shipmentMeta}>收货时间：{formatDateTime(shipment.receivedAt)}</p>
      )}
      <div className={styles.shipmentActions}>
        <Button shape="rounded" size="small" onClick={() => void copy(shipment.trackingNo)}>
          复制单号
        </Button>
        {!received && (
          <Button color="primary" shape="rounded" size="small" loading={sending} onClick={confirm}>
            确认收货
          </Button>
        )}
      </div>
    </section>
  );
}
