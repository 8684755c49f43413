// A coupon template's exchange codes in code order, page by page, all or only the used or the
// unused ones, with who used each and when; operators issue new ones here.
import { useState } from 'react';
import { Button, Card, Segmented, Space, Table, Tag } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { CODE_STATUS_LABELS, formatTime } from '../ui/labels.ts';
import { PageError } from '../ui/PageError.tsx';
import { useSession } from '../ui/session.tsx';
import { useLoad } from '../ui/use-load.ts';
import { IssueCodesButton } from './codes/IssueCodesButton.tsx';

type Code = DataOf<'admin.listExchangeCodes'>['codes'][number];
type Filter = 'all' | 'unused' | 'used';

export default function ExchangeCodesPage() {
  const { key = '' } = useParams();
  const [search] = useSearchParams();
  const campaign = search.get('campaign');
  const { can } = useSession();
  const [filter, setFilter] = useState<Filter>('all');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors[cursors.length - 1];
  const list = useLoad(
    () =>
      request(
        api.call('admin.listExchangeCodes', {
          template: key,
          ...(filter !== 'all' && { status: filter }),
          ...(after !== undefined && { after }),
        }),
      ),
    [key, filter, after],
  );
  if (list.error) return <PageError error={list.error} retry={list.reload} />;
  return (
    <Card
      title={`兑换码：${key}`}
      extra={
        <Space>
          <Segmented<Filter>
            options={[
              { label: '全部', value: 'all' },
              { label: '未使用', value: 'unused' },
              { label: '已使用', value: 'used' },
            ]}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setCursors([undefined]);
            }}
          />
          {can.edit && (
            <IssueCodesButton
              template={key}
              onSaved={() => {
                setCursors([undefined]);
                list.reload();
              }}
            />
          )}
          {campaign && <Link to={`/campaigns/${campaign}`}>返回活动</Link>}
        </Space>
      }
    >
      <Table<Code>
        rowKey="code"
        size="small"
        loading={list.loading}
        dataSource={list.data?.codes}
        pagination={false}
        locale={{ emptyText: '暂无兑换码' }}
        columns={[
          {
            title: '兑换码',
            dataIndex: 'code',
            render: (code: string) => <span style={{ fontFamily: 'monospace' }}>{code}</span>,
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => {
              const label = CODE_STATUS_LABELS[s];
              return <Tag color={label?.color}>{label?.text ?? s}</Tag>;
            },
          },
          {
            title: '生效时间',
            dataIndex: 'startsAt',
            render: (ms: number) => (ms === 0 ? '立即' : formatTime(ms)),
          },
          { title: '过期时间', dataIndex: 'expiresAt', render: formatTime },
          { title: '使用者', dataIndex: 'usedBy', render: (u: number | null) => u ?? '—' },
          {
            title: '使用时间',
            dataIndex: 'usedAt',
            render: (ms: number | null) => (ms === null ? '—' : formatTime(ms)),
          },
          { title: '生成时间', dataIndex: 'createdAt', render: formatTime },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          上一页
        </Button>
        <Button
          disabled={!list.data?.next}
          onClick={() => setCursors((c) => [...c, list.data?.next ?? undefined])}
        >
          下一页
        </Button>
      </Space>
    </Card>
  );
}
