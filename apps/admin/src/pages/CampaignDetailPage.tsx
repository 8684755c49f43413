// One campaign: its schedule and settings, prizes with stock, passwords and coupon templates.
// Operators edit (every change is the same EditDialog), restock by relative amounts and retire
// prizes here; viewers see the same page without the buttons. Winners and exchange codes have
// pages of their own, linked from here.
import {
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  message,
} from 'antd';
import { Link, useParams } from 'react-router';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { formatTime, PRIZE_KIND_LABELS, yuan } from '../ui/labels.ts';
import { STATUS_LABELS } from '../ui/lifecycle.ts';
import { PageError } from '../ui/PageError.tsx';
import { useSession } from '../ui/session.tsx';
import { StockButton } from '../ui/StockButton.tsx';
import { useLoad } from '../ui/use-load.ts';
import { CampaignEditButton } from './campaign/CampaignEditButton.tsx';
import { SettingsEditButton } from './campaign/SettingsEditButton.tsx';
import { PasswordEditButton } from './campaign/PasswordEditButton.tsx';
import { PrizeEditButton } from './campaign/PrizeEditButton.tsx';
import { CopyCampaignButton } from './campaign/CopyCampaignButton.tsx';
import { DeletePrizeButton } from './campaign/DeletePrizeButton.tsx';
import { LifecycleButtons } from './campaign/LifecycleButtons.tsx';
import { NewPrizeButton } from './campaign/NewPrizeButton.tsx';
import {
  NewTemplateButton,
  RetireTemplateButton,
  TemplateEditButton,
} from './campaign/TemplateButtons.tsx';

type Detail = DataOf<'admin.campaign'>;
type Prize = Detail['prizes'][number];
type Password = Detail['passwords'][number];
type Template = Detail['couponTemplates'][number];

const unlimited = (stock: number | null) => (stock === null ? '不限' : stock);

export default function CampaignDetailPage() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const detail = useLoad(() => request(api.call('admin.campaign', { id })), [id]);
  const kinds = useLoad(() => request(api.call('admin.campaignKinds')), []);
  if (detail.error) return <PageError error={detail.error} retry={detail.reload} />;
  const c = detail.data;
  if (!c) return <Card loading />;
  // What the kind gives decides which sections an operator may add to when they are empty.
  const kind = kinds.data?.find((k) => k.kind === c.kind);
  const takesPrizes = kind !== undefined && kind.prizes !== 'none';
  const status = STATUS_LABELS[c.status];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <span data-testid="campaign-title">{c.title}</span>
            <Tag color={status.color} data-testid="campaign-status">
              {status.text}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            <Link to={`/campaigns/${c.id}/winners`}>中奖名单</Link>
            <Link to={`/campaigns/${c.id}/dashboard`}>数据看板</Link>
            {can.edit && <CampaignEditButton campaign={c} onSaved={detail.reload} />}
          </Space>
        }
      >
        {can.edit && (
          <Space style={{ marginBottom: 16 }} data-testid="campaign-lifecycle">
            <LifecycleButtons campaign={c} onSaved={detail.reload} />
            <CopyCampaignButton campaign={c} />
          </Space>
        )}
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="编号">{c.id}</Descriptions.Item>
          <Descriptions.Item label="类型">{c.kind}</Descriptions.Item>
          <Descriptions.Item label="开始时间">{formatTime(c.startsAt)}</Descriptions.Item>
          <Descriptions.Item label="结束时间">{formatTime(c.endsAt)}</Descriptions.Item>
          <Descriptions.Item label="最近修改">{formatTime(c.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label="规则">{c.rules.length} 条</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        title="活动设置"
        extra={
          can.edit && <SettingsEditButton id={c.id} settings={c.settings} onSaved={detail.reload} />
        }
      >
        <Typography.Paragraph>
          <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto' }}>
            {JSON.stringify(c.settings, null, 2)}
          </pre>
        </Typography.Paragraph>
      </Card>

      {(c.prizes.length > 0 || (can.edit && takesPrizes)) && (
        <Card
          title="奖品与库存"
          extra={can.edit && <NewPrizeButton campaign={c} onSaved={detail.reload} />}
        >
          <Table<Prize>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={c.prizes}
            columns={[
              { title: '奖品', dataIndex: 'name' },
              { title: '编号', dataIndex: 'key' },
              {
                title: '类型',
                dataIndex: 'kind',
                render: (k: string) => PRIZE_KIND_LABELS[k] ?? k,
              },
              { title: '权重', dataIndex: 'weight' },
              {
                title: '格位',
                dataIndex: 'slot',
                render: (slot: number) => (slot < 0 ? '不上盘面' : slot),
              },
              {
                title: '剩余库存',
                dataIndex: 'stock',
                render: (stock: number | null) => (
                  <span data-testid="prize-stock">{unlimited(stock)}</span>
                ),
              },
              { title: '已发出', dataIndex: 'awarded' },
              ...(can.edit
                ? [
                    {
                      title: '操作',
                      render: (_: unknown, p: Prize) => (
                        <Space>
                          <PrizeEditButton campaign={c} prize={p} onSaved={detail.reload} />
                          {p.stock !== null && (
                            <StockButton
                              label={p.name}
                              stock={p.stock}
                              save={(add) =>
                                request(
                                  api.call('admin.restockPrize', { id: c.id, key: p.key, add }),
                                )
                              }
                              onSaved={detail.reload}
                            />
                          )}
                          {(p.slot >= 0 || p.weight > 0) && (
                            <RetireButton id={c.id} prize={p} onSaved={detail.reload} />
                          )}
                          {p.awarded === 0 && (
                            <DeletePrizeButton id={c.id} prize={p} onSaved={detail.reload} />
                          )}
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}

      {(c.passwords.length > 0 || (c.kind === 'password' && can.edit)) && (
        <Card
          title="口令"
          extra={can.edit && <PasswordEditButton campaign={c} onSaved={detail.reload} />}
        >
          <Table<Password>
            rowKey="password"
            size="small"
            pagination={false}
            dataSource={c.passwords}
            columns={[
              { title: '口令', dataIndex: 'password' },
              { title: '奖品', dataIndex: 'prize' },
              { title: '开始', dataIndex: 'startsAt', render: formatTime },
              { title: '结束', dataIndex: 'endsAt', render: formatTime },
              { title: '次数上限', dataIndex: 'useLimit', render: unlimited },
              { title: '已使用', dataIndex: 'used' },
              ...(can.edit
                ? [
                    {
                      title: '操作',
                      render: (_: unknown, p: Password) => (
                        <PasswordEditButton campaign={c} password={p} onSaved={detail.reload} />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}

      {(c.couponTemplates.length > 0 || (can.edit && kind?.couponTemplates)) && (
        <Card
          title="优惠券模板"
          extra={can.edit && <NewTemplateButton campaign={c} onSaved={detail.reload} />}
        >
          <Table<Template>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={c.couponTemplates}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '编号', dataIndex: 'key' },
              {
                title: '面额',
                render: (_, t) =>
                  `${yuan(t.value)} 元${t.threshold > 0 ? `（满 ${yuan(t.threshold)} 元）` : '（无门槛）'}`,
              },
              { title: '有效天数', dataIndex: 'validDays' },
              { title: '剩余库存', dataIndex: 'stock', render: unlimited },
              { title: '已发出', dataIndex: 'issued' },
              {
                title: '可领取',
                dataIndex: 'claimable',
                render: (yes: boolean, t) =>
                  yes ? (
                    <Tag color="green">是</Tag>
                  ) : t.stock === 0 ? (
                    <Tag color="red">已停用</Tag>
                  ) : (
                    <Tag>否</Tag>
                  ),
              },
              {
                title: '操作',
                render: (_: unknown, t: Template) => (
                  <Space>
                    {can.edit && (
                      <TemplateEditButton campaign={c} template={t} onSaved={detail.reload} />
                    )}
                    {can.edit && t.stock !== null && (
                      <StockButton
                        label={t.name}
                        stock={t.stock}
                        save={(add) =>
                          request(api.call('admin.restockTemplate', { key: t.key, add }))
                        }
                        onSaved={detail.reload}
                      />
                    )}
                    {can.edit && (t.claimable || t.stock !== 0) && (
                      <RetireTemplateButton template={t} onSaved={detail.reload} />
                    )}
                    <Link to={`/coupon-templates/${t.key}/codes?campaign=${c.id}`}>兑换码</Link>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

/** Takes a prize off the board and out of the draw; awards already made keep it (decision 0037). */
function RetireButton({ id, prize, onSaved }: { id: string; prize: Prize; onSaved(): void }) {
  const retire = async () => {
    try {
      await request(api.call('admin.patchPrize', { id, key: prize.key, slot: -1, weight: 0 }));
      message.success('奖品已下架');
      onSaved();
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <Popconfirm
      title={`下架 ${prize.name}？`}
      description="下架后不再出现在盘面上、也不会被抽中；已中奖的记录不受影响。"
      okText="下架"
      cancelText="取消"
      onConfirm={retire}
    >
      <Button size="small" danger>
        下架
      </Button>
    </Popconfirm>
  );
}
