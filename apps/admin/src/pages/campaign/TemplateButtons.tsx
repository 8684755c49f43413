// Coupon template changes on the campaign page: add one (POST, 61161 when the key is taken
// anywhere), edit one (PATCH with only the fields changed; its stock only while the campaign is a
// draft) and retire one (no new coupons of it; refused with 61162 naming the campaigns that still
// give it). Issued coupons and handed-out exchange codes stay valid after retiring.
import { Button, Form, Input, Popconfirm, message } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';
import { TemplateFields, templateBody, type TemplateValues } from './TemplateFields.tsx';

type Detail = DataOf<'admin.campaign'>;
type Template = Detail['couponTemplates'][number];

export function NewTemplateButton({ campaign, onSaved }: { campaign: Detail; onSaved(): void }) {
  return (
    <EditDialog<TemplateValues & { key: string }>
      label="添加优惠券模板"
      title={`添加优惠券模板：${campaign.title}`}
      buttonProps={{ type: 'primary', size: 'small' }}
      okText="添加"
      width={640}
      initialValues={() => ({
        category: '全场通用',
        validDays: 7,
        perUserLimit: 1,
        channels: ['online'],
        claimable: true,
        limited: true,
        stock: 100,
        thresholdYuan: 0,
      })}
      save={(values) =>
        request(
          api.call('admin.createTemplate', {
            campaignId: campaign.id,
            key: values.key.trim(),
            ...templateBody(values),
            stock: values.limited ? (values.stock ?? 0) : null,
          }),
        )
      }
      successText="优惠券模板已添加"
      onSaved={onSaved}
    >
      <Form.Item
        label="模板编号（全站唯一，小写字母、数字和 -）"
        name="key"
        rules={[
          { required: true, message: '请填写模板编号' },
          { pattern: /^[a-z0-9-]{1,64}$/, message: '只能用小写字母、数字和 -，最多 64 个字符' },
        ]}
      >
        <Input placeholder="如 weekend-6-off-30" />
      </Form.Item>
      {/* A new template's stock is the operator's to set: nobody has claimed it yet. */}
      <TemplateFields stockEditable />
    </EditDialog>
  );
}

/** The fields whose value differs from the template's, as PATCH takes them. */
function changes(template: Template, values: TemplateValues, stockEditable: boolean) {
  const body = templateBody(values);
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body))
    if (JSON.stringify(value) !== JSON.stringify(template[field as keyof typeof body]))
      patch[field] = value;
  if (stockEditable) {
    const stock = values.limited ? (values.stock ?? 0) : null;
    if (stock !== template.stock) patch.stock = stock;
  }
  return patch;
}

export function TemplateEditButton({
  campaign,
  template,
  onSaved,
}: {
  campaign: Detail;
  template: Template;
  onSaved(): void;
}) {
  const draft = campaign.status === 'draft';
  return (
    <EditDialog<TemplateValues>
      label="编辑"
      title={`编辑优惠券模板：${template.name}`}
      width={640}
      initialValues={() => ({
        ...template,
        valueYuan: template.value / 100,
        thresholdYuan: template.threshold / 100,
        limited: template.stock !== null,
      })}
      save={(values) =>
        request(
          api.call('admin.patchTemplate', {
            key: template.key,
            ...changes(template, values, draft),
          }),
        )
      }
      successText="优惠券模板已保存"
      onSaved={onSaved}
    >
      <TemplateFields stockEditable={draft} stock={template.stock} />
    </EditDialog>
  );
}

export function RetireTemplateButton({
  template,
  onSaved,
}: {
  template: Template;
  onSaved(): void;
}) {
  const retire = async () => {
    try {
      await request(api.call('admin.retireTemplate', { key: template.key }));
      message.success('优惠券模板已停用');
      onSaved();
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <Popconfirm
      title={`停用 ${template.name}？`}
      description="停用后不能再领取或抽中，库存清零；已发出的券和兑换码仍然有效。"
      okText="停用"
      cancelText="取消"
      onConfirm={retire}
    >
      <Button size="small" danger>
        停用
      </Button>
    </Popconfirm>
  );
}
