// Create a campaign of a kind as a draft, then open it to add prizes and publish. The kinds
// offered are every kind the server runs (GET /admin/api/campaign-kinds); picking one shows what
// an instance needs and fills the title, rules, settings and prizes from the kind's shipped
// configuration as a starting point. The server checks everything (61003, every problem named)
// and refuses an id in use (61011).
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';
import { CAMPAIGN_ID_RULES } from './campaign-id.ts';

type Kind = DataOf<'admin.campaignKinds'>[number];
type Created = DataOf<'admin.createCampaign'>;

interface Values {
  id: string;
  kind: string;
  title: string;
  window: [Dayjs, Dayjs];
  rules?: string;
  settings: string;
  prizes: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

const jsonRules = (what: string) => [
  { required: true },
  {
    validator: async (_: unknown, text: string) => {
      try {
        JSON.parse(text);
      } catch {
        throw new Error(`${what}不是有效的 JSON`);
      }
    },
  },
];

const lines = (text = '') =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A kind's example as the form's fields (the operator edits them before creating). */
function fieldsOf(kind: Kind) {
  const example = kind.example;
  return {
    title: example?.title ?? '',
    rules: example?.rules.join('\n') ?? '',
    settings: json(example?.settings ?? {}),
    prizes: json(example?.prizes ?? []),
  };
}

export function CreateCampaignButton({
  kinds,
  kind: initialKind,
  label = '新建活动',
}: {
  kinds: readonly Kind[];
  /** Opens on this kind (the kinds page's 用此类型新建). */
  kind?: string;
  label?: string;
}) {
  const navigate = useNavigate();
  const picked = kinds.find((k) => k.kind === initialKind);
  return (
    <EditDialog<Values, Created>
      label={label}
      title="新建活动（草稿）"
      width={720}
      okText="创建"
      buttonProps={picked ? { size: 'small' } : { type: 'primary' }}
      initialValues={() => ({
        settings: '{}',
        prizes: '[]',
        window: [dayjs().startOf('day').add(1, 'day'), dayjs().startOf('day').add(8, 'day')],
        ...(picked && { kind: picked.kind, ...fieldsOf(picked) }),
      })}
      save={(values) =>
        request(
          api.call('admin.createCampaign', {
            id: values.id.trim(),
            kind: values.kind,
            title: values.title,
            rules: lines(values.rules),
            startsAt: values.window[0].format(),
            endsAt: values.window[1].format(),
            settings: JSON.parse(values.settings) as unknown,
            prizes: JSON.parse(values.prizes) as never,
          }),
        )
      }
      successText={(created) => `已创建草稿 ${created.id}`}
      onSaved={() => undefined}
      onDone={(created) => navigate(`/campaigns/${created.id}`)}
    >
      <Form.Item label="活动编号" name="id" rules={CAMPAIGN_ID_RULES}>
        <Input placeholder="如 spring-raffle" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {(form) => {
          const chosen = kinds.find((k) => k.kind === form.getFieldValue('kind'));
          return (
            <>
              <Form.Item label="活动类型" name="kind" rules={[{ required: true }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="选择活动类型"
                  options={kinds.map((k) => ({
                    value: k.kind,
                    label: `${k.name}（${k.kind}）${k.instances === 'one' ? '· 全站一个' : ''}`,
                  }))}
                  onSelect={(kind: string) => {
                    const found = kinds.find((k) => k.kind === kind);
                    if (found) form.setFieldsValue(fieldsOf(found));
                  }}
                />
              </Form.Item>
              {chosen && (
                <Alert
                  type={chosen.instances === 'one' ? 'warning' : 'info'}
                  style={{ marginBottom: 16 }}
                  title={`${chosen.name}需要`}
                  description={
                    <ul data-testid="kind-needs" style={{ margin: 0, paddingLeft: 20 }}>
                      {chosen.needs.map((need) => (
                        <li key={need}>{need}</li>
                      ))}
                    </ul>
                  }
                />
              )}
            </>
          );
        }}
      </Form.Item>
      <Form.Item label="活动名称" name="title" rules={[{ required: true, max: 128 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="活动时间" name="window" rules={[{ required: true }]}>
        <DatePicker.RangePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="活动规则（每行一条）" name="rules">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item
        label="活动设置（JSON，选择类型后按该类型的示例填好）"
        name="settings"
        rules={jsonRules('活动设置')}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 14 }}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item
        label="奖品（JSON 数组，可留空 []，创建后也可逐个添加）"
        name="prizes"
        rules={jsonRules('奖品')}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 10 }}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
    </EditDialog>
  );
}
