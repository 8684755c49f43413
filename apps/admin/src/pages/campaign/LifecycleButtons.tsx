// Publish (or schedule), pause, resume, end and archive: one confirmed button per move the admin
// API accepts from the campaign's status (ui/lifecycle.ts). A refusal (61012 names the moves
// allowed; 61003 every problem that keeps a draft from being published) is shown as it comes.
import { Button, Popconfirm, message } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { lifecycleMoves, type LifecycleMove } from '../../ui/lifecycle.ts';

type Campaign = DataOf<'admin.campaign'>;

export function LifecycleButtons({ campaign, onSaved }: { campaign: Campaign; onSaved(): void }) {
  const move = async ({ to, label }: LifecycleMove) => {
    try {
      await request(api.call('admin.campaignStatus', { id: campaign.id, status: to }));
      message.success(`活动已${label}`);
      onSaved();
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return lifecycleMoves(campaign.status).map((m) => (
    <Popconfirm
      key={m.label}
      title={`${m.label}活动「${campaign.title}」？`}
      description={m.confirm}
      okText={m.label}
      cancelText="取消"
      okButtonProps={{ danger: m.danger }}
      onConfirm={() => move(m)}
    >
      <Button danger={m.danger}>{m.label}</Button>
    </Popconfirm>
  ));
}
