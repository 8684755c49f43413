// Add a prize to a campaign (POST …/prizes): a key of its own, refused when taken (61160: edit
// that prize instead); the server checks the board and references with it and names every
// problem (61003). A new prize's stock is the operator's to set even in a published campaign:
// nobody can have drawn it yet.
import { Form, Input } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';
import { PrizeFields } from './PrizeFields.tsx';

type Detail = DataOf<'admin.campaign'>;
type Prize = Detail['prizes'][number];

interface Values {
  key: string;
  name: string;
  image: string;
  kind: Prize['kind'];
  value: string;
  weight: number;
  slot: number;
  limited: boolean;
  stock: number | null;
  usage?: string;
}

export function NewPrizeButton({ campaign, onSaved }: { campaign: Detail; onSaved(): void }) {
  return (
    <EditDialog<Values>
      label="添加奖品"
      title={`添加奖品：${campaign.title}`}
      buttonProps={{ type: 'primary', size: 'small' }}
      okText="添加"
      width={640}
      initialValues={() => ({
        kind: 'goods',
        image: '',
        value: '',
        weight: 1,
        slot: -1,
        limited: true,
        stock: 10,
      })}
      save={(values) =>
        request(
          api.call('admin.createPrize', {
            id: campaign.id,
            key: values.key.trim(),
            name: values.name,
            image: values.image ?? '',
            kind: values.kind,
            value: values.value ?? '',
            weight: values.weight,
            slot: values.slot,
            stock: values.limited ? (values.stock ?? 0) : null,
            usage: (values.usage ?? '')
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          }),
        )
      }
      successText="奖品已添加"
      onSaved={onSaved}
    >
      <Form.Item
        label="奖品编号（小写字母、数字和 -）"
        name="key"
        rules={[
          { required: true, message: '请填写奖品编号' },
          { pattern: /^[a-z0-9-]{1,64}$/, message: '只能用小写字母、数字和 -，最多 64 个字符' },
        ]}
      >
        <Input placeholder="如 jerky-box" />
      </Form.Item>
      <PrizeFields stockEditable />
      <Form.Item label="使用说明（每行一条，显示在奖品详情页）" name="usage">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </EditDialog>
  );
}
