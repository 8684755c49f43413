// A prize's fields in a dialog's form (editing one, adding one): name, picture, kind, value,
// weight, slot and, when it may be set, the stock. A published campaign's existing prize has no
// stock field: its stock moves by relative amounts through the stock button (decision 0037).
import { Form, Input, InputNumber, Select } from 'antd';
import { StockFields } from './StockFields.tsx';
import { PRIZE_KIND_LABELS } from '../../ui/labels.ts';
import { PrizeImageField } from './PrizeImageField.tsx';

export function PrizeFields({
  stockEditable,
  stock = null,
}: {
  stockEditable: boolean;
  /** The stock as it stands, said when it cannot be edited here. */
  stock?: number | null;
}) {
  return (
    <>
      <Form.Item label="奖品名称" name="name" rules={[{ required: true, max: 128 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="奖品图片" name="image" rules={[{ max: 512 }]}>
        <PrizeImageField />
      </Form.Item>
      <Form.Item label="类型" name="kind">
        <Select
          options={Object.entries(PRIZE_KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item label="奖品值（积分数或优惠券模板编号）" name="value" rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="权重（0 不会被抽中）" name="weight" rules={[{ required: true }]}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="格位（-1 不上盘面）" name="slot" rules={[{ required: true }]}>
        <InputNumber min={-1} max={99} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <StockFields editable={stockEditable} stock={stock} />
    </>
  );
}
