// Mark a goods prize shipped with its carrier and tracking number, or correct them before the
// winner confirms receipt (the server keeps the first shipping time, decision 0038).
import { AutoComplete, Form, Input } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';

type Winner = DataOf<'admin.winners'>['winners'][number];

const CARRIERS = [
  '顺丰速运',
  '京东物流',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '极兔速递',
  'EMS',
  '邮政快递包裹',
];

export function ShipButton({
  campaignId,
  winner,
  onSaved,
}: {
  campaignId: string;
  winner: Winner;
  onSaved(): void;
}) {
  const shipped = winner.shipment !== null;
  return (
    <EditDialog<{ carrier: string; trackingNo: string }>
      label={shipped ? '修改物流' : '发货'}
      title={`${shipped ? '修改物流' : '发货'}：${winner.prizeName}`}
      buttonProps={{ size: 'small', type: shipped ? 'default' : 'primary' }}
      initialValues={() => ({
        carrier: winner.shipment?.carrier ?? '',
        trackingNo: winner.shipment?.trackingNo ?? '',
      })}
      save={(values) =>
        request(
          api.call('admin.shipAward', {
            id: campaignId,
            award: String(winner.id),
            carrier: values.carrier.trim(),
            trackingNo: values.trackingNo.trim(),
          }),
        )
      }
      successText={shipped ? '物流信息已更新' : '已标记为发货'}
      onSaved={onSaved}
    >
      <Form.Item
        label="承运商"
        name="carrier"
        rules={[{ required: true, whitespace: true, max: 32 }]}
      >
        <AutoComplete
          options={CARRIERS.map((value) => ({ value }))}
          filterOption={(input, option) => String(option?.value).includes(input)}
        />
      </Form.Item>
      <Form.Item
        label="运单号"
        name="trackingNo"
        rules={[
          { required: true, message: '请输入运单号' },
          { pattern: /^[A-Za-z0-9-]{6,40}$/, message: '运单号应为 6-40 位字母、数字或短横线' },
        ]}
      >
        <Input />
      </Form.Item>
    </EditDialog>
  );
}
