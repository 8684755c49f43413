// Change a campaign's kind-specific settings as JSON; the server checks them against the kind's
// schema and its own rules and names every problem at once (61003).
import { Form, Input, Typography } from 'antd';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';

const parsed = (text: string): unknown => JSON.parse(text);

export function SettingsEditButton({
  id,
  settings,
  onSaved,
}: {
  id: string;
  settings: unknown;
  onSaved(): void;
}) {
  return (
    <EditDialog<{ text: string }>
      label="编辑设置"
      title="编辑活动设置"
      width={720}
      buttonProps={{}}
      initialValues={() => ({ text: JSON.stringify(settings, null, 2) })}
      save={({ text }) => request(api.call('admin.patchCampaign', { id, settings: parsed(text) }))}
      successText="设置已保存"
      onSaved={onSaved}
    >
      <Typography.Paragraph type="secondary">
        各类活动的设置项见 docs/campaigns.md。只改写出的字段，要删去可选字段请写
        null；保存时服务器会校验并列出所有问题。
      </Typography.Paragraph>
      <Form.Item
        label="活动设置"
        name="text"
        rules={[
          {
            validator: async (_, text: string) => {
              try {
                parsed(text);
              } catch {
                throw new Error('设置不是有效的 JSON');
              }
            },
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 10, maxRows: 24 }}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
    </EditDialog>
  );
}
