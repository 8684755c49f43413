// A campaign's winners, newest first, page by page: the account's masked number, the prize, when
// it was won, the delivery address (recipient's number masked) and where the prize is on its way.
// Operators mark goods shipped here and export the list as CSV for the courier's waybills.
import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { DataOf, InputOf } from '@morsel/api/client';
import { api, hrefOf, request } from '../api.ts';
import { formatTime, FULFILMENT_LABELS, PRIZE_KIND_LABELS } from '../ui/labels.ts';
import { PageError } from '../ui/PageError.tsx';
import { useSession } from '../ui/session.tsx';
import { useLoad } from '../ui/use-load.ts';
import { ShipButton } from './winners/ShipButton.tsx';

type Winner = DataOf<'admin.winners'>['winners'][number];
type State = NonNullable<InputOf<'admin.winners'>['state']>;

const addressText = (a: NonNullable<Winner['address']>) =>
  `${a.name} ${a.mobile} ${a.provinceName}${a.cityName}${a.regionName}${a.detail}`;

export default function WinnersPage() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const [state, setState] = useState<State>();
  // Cursors of the pages before this one (for 上一页) and this page's own.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const list = useLoad(
    () =>
      request(
        api.call('admin.winners', {
          id,
          ...(state && { state }),
          ...(before !== undefined && { before: String(before) }),
        }),
      ),
    [id, state, before],
  );
  if (list.error) return <PageError error={list.error} retry={list.reload} />;
  const filter = (next: State | undefined) => {
    setState(next);
    setCursors([undefined]);
  };
  return (
    <Card
      title={`中奖名单：${id}`}
      extra={
        <Space>
          <Select<State>
            aria-label="发货状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 140 }}
            value={state}
            onChange={filter}
            options={Object.entries(FULFILMENT_LABELS).map(([value, { text }]) => ({
              value: value as State,
              label: text,
            }))}
          />
          {can.edit && (
            <Button href={hrefOf('admin.winnersCsv', { id, ...(state && { state }) })} download>
              导出 CSV
            </Button>
          )}
          <Link to={`/campaigns/${id}`}>返回活动</Link>
        </Space>
      }
    >
      <Table<Winner>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.winners}
        pagination={false}
        locale={{ emptyText: '暂无中奖记录' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          {
            title: '奖品',
            render: (_, w) => (
              <Space size={4}>
                {w.prizeName}
                <Tag>{PRIZE_KIND_LABELS[w.kind] ?? w.kind}</Tag>
              </Space>
            ),
          },
          { title: '中奖时间', dataIndex: 'createdAt', render: formatTime, width: 150 },
          {
            title: '收货地址',
            dataIndex: 'address',
            render: (a: Winner['address']) =>
              a ? addressText(a) : <Typography.Text type="secondary">—</Typography.Text>,
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: string) => {
              const label = FULFILMENT_LABELS[s];
              return (
                <Tag color={label?.color} data-testid="winner-state">
                  {label?.text ?? s}
                </Tag>
              );
            },
          },
          {
            title: '物流',
            dataIndex: 'shipment',
            width: 170,
            render: (s: Winner['shipment']) =>
              s ? (
                <span data-testid="winner-shipment">
                  {s.carrier} {s.trackingNo}
                </span>
              ) : (
                '—'
              ),
          },
          ...(can.edit
            ? [
                {
                  title: '操作',
                  width: 100,
                  render: (_: unknown, w: Winner) =>
                    w.kind === 'goods' &&
                    w.address !== null &&
                    w.state !== 'received' && (
                      <ShipButton campaignId={id} winner={w} onSaved={list.reload} />
                    ),
                },
              ]
            : []),
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
