// Every campaign with its kind, window and state; a row opens its detail or its dashboard.
import { useState } from 'react';
import { Card, Input, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { formatTime } from '../ui/labels.ts';
import { STATUS_LABELS, type CampaignStatus } from '../ui/lifecycle.ts';
import { useSession } from '../ui/session.tsx';
import { CreateCampaignButton } from './campaign/CreateCampaignButton.tsx';
import { PageError } from '../ui/PageError.tsx';
import { useLoad } from '../ui/use-load.ts';

type Campaign = DataOf<'admin.campaigns'>[number];

export default function CampaignListPage() {
  const campaigns = useLoad(() => request(api.call('admin.campaigns')), []);
  const kinds = useLoad(() => request(api.call('admin.campaignKinds')), []);
  const [search, setSearch] = useState('');
  const { can } = useSession();
  if (campaigns.error) return <PageError error={campaigns.error} retry={campaigns.reload} />;
  const needle = search.trim().toLowerCase();
  const shown = campaigns.data?.filter(
    (c) =>
      !needle ||
      c.title.toLowerCase().includes(needle) ||
      c.id.includes(needle) ||
      c.kind.includes(needle),
  );
  return (
    <Card
      title="活动列表"
      extra={
        <Space>
          {can.edit && <CreateCampaignButton kinds={kinds.data ?? []} />}
          <Input.Search
            allowClear
            aria-label="搜索活动"
            placeholder="按名称、编号或类型搜索"
            style={{ width: 280 }}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Space>
      }
    >
      <Table<Campaign>
        rowKey="id"
        loading={campaigns.loading}
        dataSource={shown}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          {
            title: '活动',
            dataIndex: 'title',
            render: (title: string, c) => <Link to={`/campaigns/${c.id}`}>{title}</Link>,
          },
          { title: '编号', dataIndex: 'id' },
          { title: '类型', dataIndex: 'kind' },
          {
            title: '状态',
            dataIndex: 'status',
            filters: Object.entries(STATUS_LABELS).map(([value, s]) => ({ text: s.text, value })),
            onFilter: (value, c) => c.status === value,
            render: (status: CampaignStatus) => (
              <Tag color={STATUS_LABELS[status].color}>{STATUS_LABELS[status].text}</Tag>
            ),
          },
          {
            title: '活动时间',
            render: (_, c) => `${formatTime(c.startsAt)} 至 ${formatTime(c.endsAt)}`,
          },
          {
            title: '操作',
            render: (_, c) => (
              <Space>
                <Link to={`/campaigns/${c.id}`}>详情</Link>
                <Link to={`/campaigns/${c.id}/dashboard`}>数据看板</Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
