// The stock of a prize or a coupon template in a dialog's form: unlimited or a number while it may
// be set (a draft, or an item being added); once the campaign is published an existing item's
// stock moves only by relative amounts through the stock button (decision 0037), so the form says
// so instead.
import { Form, InputNumber, Radio } from 'antd';

export function StockFields({ editable, stock }: { editable: boolean; stock: number | null }) {
  if (!editable)
    return (
      <Form.Item label="库存">
        活动已发布，库存请用“调整库存”按增减调整（当前 {stock ?? '不限'}）。
      </Form.Item>
    );
  return (
    <>
      <Form.Item label="库存" name="limited">
        <Radio.Group
          options={[
            { value: false, label: '不限量' },
            { value: true, label: '限量' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['limited']}>
        {({ getFieldValue }) =>
          getFieldValue('limited') && (
            <Form.Item label="库存数量" name="stock" rules={[{ required: true }]}>
              <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
