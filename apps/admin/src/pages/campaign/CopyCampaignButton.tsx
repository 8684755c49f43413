// Copy a campaign as a new draft (settings and prizes with their stock as it stands, nothing
// awarded; passwords and coupon templates stay with the source), then open the copy.
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';
import { CAMPAIGN_ID_RULES } from './campaign-id.ts';

type Campaign = DataOf<'admin.campaign'>;

interface Values {
  id: string;
  title: string;
  window: [Dayjs, Dayjs];
}

export function CopyCampaignButton({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  return (
    <EditDialog<Values, Campaign>
      label="复制活动"
      title={`复制活动：${campaign.title}`}
      buttonProps={{}}
      okText="复制"
      initialValues={() => ({
        id: `${campaign.id}-copy`,
        title: `${campaign.title}（副本）`,
        window: [dayjs(campaign.startsAt), dayjs(campaign.endsAt)],
      })}
      save={(values) =>
        request(
          api.call('admin.copyCampaign', {
            source: campaign.id,
            id: values.id.trim(),
            title: values.title,
            startsAt: values.window[0].format(),
            endsAt: values.window[1].format(),
          }),
        )
      }
      successText={(copy) => `已复制为草稿 ${copy.id}`}
      onSaved={() => undefined}
      onDone={(copy) => navigate(`/campaigns/${copy.id}`)}
    >
      <Form.Item label="新活动编号" name="id" rules={CAMPAIGN_ID_RULES}>
        <Input />
      </Form.Item>
      <Form.Item label="活动名称" name="title" rules={[{ required: true, max: 128 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="活动时间" name="window" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </EditDialog>
  );
}
