// Add a password of the password campaign, or change one (PUT: the prize it gives, its window and
// how many times it may be used). The password itself is the row's name and is not renamed.
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';

type Detail = DataOf<'admin.campaign'>;
type Password = Detail['passwords'][number];

interface Values {
  password: string;
  prize: string;
  window: [Dayjs, Dayjs];
  useLimit: number | null;
}

export function PasswordEditButton({
  campaign,
  password,
  onSaved,
}: {
  campaign: Detail;
  /** The password to change; absent: a new one. */
  password?: Password;
  onSaved(): void;
}) {
  return (
    <EditDialog<Values>
      label={password ? '编辑' : '新增口令'}
      title={password ? `编辑口令：${password.password}` : '新增口令'}
      buttonProps={password ? { size: 'small' } : {}}
      initialValues={() =>
        password
          ? {
              password: password.password,
              prize: password.prize,
              window: [dayjs(password.startsAt), dayjs(password.endsAt)],
              useLimit: password.useLimit,
            }
          : { window: [dayjs(campaign.startsAt), dayjs(campaign.endsAt)], useLimit: null }
      }
      save={(values) =>
        request(
          api.call('admin.putPassword', {
            id: campaign.id,
            password: password?.password ?? values.password.trim(),
            prize: values.prize,
            startsAt: values.window[0].format(),
            endsAt: values.window[1].format(),
            useLimit: values.useLimit ?? null,
          }),
        )
      }
      successText="口令已保存"
      onSaved={onSaved}
    >
      {!password && (
        <Form.Item
          label="口令"
          name="password"
          rules={[{ required: true, max: 32, whitespace: true }]}
        >
          <Input placeholder="例如 零食节快乐" />
        </Form.Item>
      )}
      <Form.Item label="奖品" name="prize" rules={[{ required: true, message: '请选择奖品' }]}>
        <Select
          options={campaign.prizes.map((p) => ({ value: p.key, label: `${p.name}（${p.key}）` }))}
        />
      </Form.Item>
      <Form.Item label="有效时间" name="window" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="次数上限（留空不限）" name="useLimit">
        <InputNumber min={1} max={100_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </EditDialog>
  );
}
