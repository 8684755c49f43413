// Issue exchange codes of a coupon template: named (the operator's own words, printed on a
// poster) or random (up to 1000), working from a start until an expiry. The server refuses a
// request that does not hold together and names every problem (61070); the issued codes are
// shown once to copy.
import { DatePicker, Form, Input, InputNumber, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';

interface Values {
  mode: 'random' | 'named';
  count: number;
  names: string;
  window: [Dayjs, Dayjs];
}

export function IssueCodesButton({ template, onSaved }: { template: string; onSaved(): void }) {
  return (
    <EditDialog<Values, DataOf<'admin.issueExchangeCodes'>>
      label="生成兑换码"
      title={`生成兑换码：${template}`}
      okText="生成"
      buttonProps={{ type: 'primary' }}
      initialValues={() => ({
        mode: 'random',
        count: 10,
        window: [dayjs(), dayjs().add(30, 'day').endOf('day')],
      })}
      save={(values) =>
        request(
          api.call('admin.issueExchangeCodes', {
            template,
            ...(values.mode === 'named'
              ? {
                  codes: values.names
                    .split(/[\n,，]/)
                    .map((code) => code.trim())
                    .filter(Boolean),
                }
              : { count: values.count }),
            startsAt: values.window[0].format(),
            expiresAt: values.window[1].format(),
          }),
        )
      }
      successText={(issued) => `已生成 ${issued.codes.length} 个兑换码`}
      onSaved={onSaved}
      renderResult={(issued) => (
        <>
          <Typography.Paragraph>请复制并妥善保存以下兑换码（每行一个）：</Typography.Paragraph>
          <Input.TextArea
            aria-label="兑换码"
            readOnly
            value={issued.codes.join('\n')}
            autoSize={{ minRows: 4, maxRows: 16 }}
            style={{ fontFamily: 'monospace' }}
          />
        </>
      )}
    >
      <Form.Item label="方式" name="mode">
        <Radio.Group
          options={[
            { value: 'random', label: '随机生成' },
            { value: 'named', label: '指定兑换码' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['mode']}>
        {({ getFieldValue }) =>
          getFieldValue('mode') === 'named' ? (
            <Form.Item
              label="兑换码（每行一个，4-32 位字母或数字）"
              name="names"
              rules={[{ required: true, whitespace: true, message: '请输入兑换码' }]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder="SPRING2026" />
            </Form.Item>
          ) : (
            <Form.Item label="数量" name="count" rules={[{ required: true }]}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label="生效时间 至 过期时间" name="window" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </EditDialog>
  );
}
