// Add to (or take from) the stock of a prize or a coupon template: a relative change, applied
// atomically by the server, so two operators restocking at once both count and a draw made
// while the dialog is open is never overwritten.
import { Form, InputNumber, Typography } from 'antd';
import { EditDialog } from './EditDialog.tsx';

export function StockButton({
  label,
  stock,
  save,
  onSaved,
}: {
  /** What is restocked, named in the dialog's title. */
  label: string;
  stock: number;
  save(add: number): Promise<unknown>;
  onSaved(): void;
}) {
  return (
    <EditDialog<{ add: number }>
      label="调整库存"
      title={`调整库存：${label}`}
      okText="确定"
      initialValues={() => ({})}
      save={({ add }) => save(add)}
      successText="库存已更新"
      onSaved={onSaved}
    >
      <Typography.Paragraph>
        当前库存 {stock}。输入正数增加库存，负数减少库存。
      </Typography.Paragraph>
      <Form.Item
        label="库存变化"
        name="add"
        rules={[
          { required: true, message: '请输入增减数量' },
          {
            validator: async (_, v) =>
              v === 0 ? Promise.reject(new Error('不能为 0')) : undefined,
          },
        ]}
      >
        <InputNumber
          style={{ width: '100%' }}
          min={-stock}
          max={100_000_000}
          precision={0}
          placeholder="例如 10 或 -5"
        />
      </Form.Item>
    </EditDialog>
  );
}
