// A coupon template's fields in a dialog's form: name, category, amount and threshold in yuan,
// days valid, per-shopper limit, channels, scope, the online path and, when it may be set, the
// stock. Amounts are typed in yuan and sent in fen, as the admin API keeps them.
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { StockFields } from './StockFields.tsx';

const CHANNELS = [
  { value: 'online', label: '线上商城' },
  { value: 'store', label: '门店核销' },
];

export function TemplateFields({
  stockEditable,
  stock = null,
}: {
  stockEditable: boolean;
  stock?: number | null;
}) {
  return (
    <>
      <Form.Item label="名称" name="name" rules={[{ required: true, max: 128 }]}>
        <Input placeholder="如 满39减8元" />
      </Form.Item>
      <Form.Item label="分类" name="category" rules={[{ required: true, max: 32 }]}>
        <Input placeholder="如 全场通用" />
      </Form.Item>
      <Form.Item label="面额（元）" name="valueYuan" rules={[{ required: true }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="使用门槛（元，0 为无门槛）"
        name="thresholdYuan"
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="领取后有效天数" name="validDays" rules={[{ required: true }]}>
        <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="每人限领" name="perUserLimit" rules={[{ required: true }]}>
        <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="使用渠道" name="channels" rules={[{ required: true }]}>
        <Select mode="multiple" options={CHANNELS} />
      </Form.Item>
      <Form.Item label="适用范围" name="scope" rules={[{ max: 256 }]}>
        <Input placeholder="如 全场零食" />
      </Form.Item>
      <Form.Item label="线上使用页面（可空）" name="onlinePath" rules={[{ max: 256 }]}>
        <Input placeholder="如 /mall/category/nuts" />
      </Form.Item>
      <Form.Item label="在领券中心开放领取" name="claimable" valuePropName="checked">
        <Switch />
      </Form.Item>
      <StockFields editable={stockEditable} stock={stock} />
    </>
  );
}

/** What the fields hold. */
export interface TemplateValues {
  name: string;
  category: string;
  valueYuan: number;
  thresholdYuan: number;
  validDays: number;
  perUserLimit: number;
  channels: ('online' | 'store')[];
  scope?: string;
  onlinePath?: string;
  claimable: boolean;
  limited: boolean;
  stock: number | null;
}

const fen = (yuan: number) => Math.round(yuan * 100);

/** The fields as the admin API takes a template (amounts in fen), without stock. */
export function templateBody(values: TemplateValues) {
  return {
    name: values.name,
    category: values.category,
    value: fen(values.valueYuan),
    threshold: fen(values.thresholdYuan),
    validDays: values.validDays,
    perUserLimit: values.perUserLimit,
    channels: values.channels,
    scope: values.scope ?? '',
    onlinePath: values.onlinePath ?? '',
    claimable: values.claimable,
  };
}
