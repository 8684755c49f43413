// Change a campaign's title, rules and schedule (PATCH, fields left alone stay as they are).
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';

type Campaign = DataOf<'admin.campaign'>;

interface Values {
  title: string;
  window: [Dayjs, Dayjs];
  rules: string;
}

export function CampaignEditButton({ campaign, onSaved }: { campaign: Campaign; onSaved(): void }) {
  return (
    <EditDialog<Values>
      label="编辑活动"
      title="编辑活动"
      width={640}
      buttonProps={{ type: 'primary' }}
      initialValues={() => ({
        title: campaign.title,
        window: [dayjs(campaign.startsAt), dayjs(campaign.endsAt)],
        rules: campaign.rules.join('\n'),
      })}
      save={(values) =>
        request(
          api.call('admin.patchCampaign', {
            id: campaign.id,
            title: values.title,
            startsAt: values.window[0].format(),
            endsAt: values.window[1].format(),
            rules: (values.rules ?? '')
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          }),
        )
      }
      successText="活动已保存"
      onSaved={onSaved}
    >
      <Form.Item label="活动名称" name="title" rules={[{ required: true, max: 128 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="活动时间" name="window" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="活动规则（每行一条）" name="rules">
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
      </Form.Item>
    </EditDialog>
  );
}
