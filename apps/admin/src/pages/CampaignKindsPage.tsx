// Every campaign kind the server runs: its name, whether several run side by side or the site
// has one, what it gives and what a new instance needs, with how many campaigns of it exist.
// Operators start a new campaign of a kind from its row (the same dialog as the list's 新建活动,
// filled from the kind's shipped configuration).
import { Card, Space, Table, Tag } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { PageError } from '../ui/PageError.tsx';
import { useSession } from '../ui/session.tsx';
import { useLoad } from '../ui/use-load.ts';
import { CreateCampaignButton } from './campaign/CreateCampaignButton.tsx';

type Kind = DataOf<'admin.campaignKinds'>[number];

const PRIZES: Record<Kind['prizes'], string> = {
  board: '盘面奖品',
  list: '奖品',
  none: '无奖品',
};

export default function CampaignKindsPage() {
  const { can } = useSession();
  const kinds = useLoad(() => request(api.call('admin.campaignKinds')), []);
  const campaigns = useLoad(() => request(api.call('admin.campaigns')), []);
  if (kinds.error) return <PageError error={kinds.error} retry={kinds.reload} />;
  const count = (kind: string) => campaigns.data?.filter((c) => c.kind === kind).length ?? 0;
  return (
    <Card title="活动类型">
      <Table<Kind>
        rowKey="kind"
        size="small"
        loading={kinds.loading}
        dataSource={kinds.data}
        pagination={false}
        columns={[
          {
            title: '类型',
            dataIndex: 'name',
            render: (name: string, k) => (
              <Space orientation="vertical" size={0}>
                <strong>{name}</strong>
                <code>{k.kind}</code>
              </Space>
            ),
          },
          {
            title: '实例',
            dataIndex: 'instances',
            filters: [
              { text: '可多个并行', value: 'many' },
              { text: '全站一个', value: 'one' },
            ],
            onFilter: (value, k) => k.instances === value,
            render: (instances: Kind['instances']) =>
              instances === 'many' ? <Tag color="blue">可多个并行</Tag> : <Tag>全站一个</Tag>,
          },
          {
            title: '包含',
            render: (_, k) => (
              <Space size={4} wrap>
                {k.prizes !== 'none' && <Tag color="gold">{PRIZES[k.prizes]}</Tag>}
                {k.couponTemplates && <Tag color="green">优惠券模板</Tag>}
                {k.passwords && <Tag color="purple">口令</Tag>}
              </Space>
            ),
          },
          {
            title: '新建实例需要',
            dataIndex: 'needs',
            render: (needs: string[]) => (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {needs.map((need) => (
                  <li key={need}>{need}</li>
                ))}
              </ul>
            ),
          },
          { title: '现有活动', render: (_, k) => count(k.kind) },
          ...(can.edit
            ? [
                {
                  title: '操作',
                  render: (_: unknown, k: Kind) =>
                    k.instances === 'many' && (
                      <CreateCampaignButton kinds={kinds.data ?? []} kind={k.kind} label="新建" />
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
