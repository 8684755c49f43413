// Redeem a coupon at the till: the 16-digit code the shopper shows (or its scanned barcode).
// The cashier's only page.
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { formatTime, yuan } from '../ui/labels.ts';

type Redeemed = DataOf<'admin.redeem'>;

export default function RedeemPage() {
  const [form] = Form.useForm<{ code: string }>();
  const [done, setDone] = useState<Redeemed>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const redeem = async ({ code }: { code: string }) => {
    setBusy(true);
    setDone(undefined);
    setError(undefined);
    try {
      setDone(await request(api.call('admin.redeem', { code: code.replace(/\s/g, '') })));
      form.resetFields();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="核销优惠券" style={{ maxWidth: 640 }}>
      <Form form={form} layout="inline" onFinish={redeem} style={{ marginBottom: 24 }}>
        <Form.Item
          name="code"
          rules={[
            { required: true, message: '请输入券码' },
            {
              validator: (_, value: string | undefined) =>
                !value || /^\d{16}$/.test(value.replace(/\s/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error('券码为16位数字')),
            },
          ]}
        >
          <Input placeholder="16位券码" aria-label="券码" style={{ width: 280 }} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          核销
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
      {done && (
        <Alert
          type="success"
          showIcon
          title="核销成功"
          description={
            <Descriptions column={1} size="small">
              <Descriptions.Item label="优惠券">{done.template.name}</Descriptions.Item>
              <Descriptions.Item label="面额">
                {yuan(done.template.value)} 元
                {done.template.threshold > 0
                  ? `（满 ${yuan(done.template.threshold)} 元可用）`
                  : ''}
              </Descriptions.Item>
              <Descriptions.Item label="核销时间">{formatTime(done.usedAt)}</Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </Card>
  );
}
