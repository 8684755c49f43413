// A campaign's dashboard: participants, draws and awards per day, and each limited prize's
// stock at the end of each day, over the last 7, 30 or 90 days.
import { useState } from 'react';
import { Card, Col, Row, Segmented, Space, Statistic } from 'antd';
import { Link, useParams } from 'react-router';
import { api, request } from '../api.ts';
import { LineChart } from '../ui/LineChart.tsx';
import { PageError } from '../ui/PageError.tsx';
import { useLoad } from '../ui/use-load.ts';

const RANGES = [7, 30, 90] as const;

export default function DashboardPage() {
  const { id = '' } = useParams();
  const [days, setDays] = useState<number>(30);
  const board = useLoad(
    () => request(api.call('admin.dashboard', { id, days: String(days) })),
    [id, days],
  );
  if (board.error) return <PageError error={board.error} retry={board.reload} />;
  const d = board.data;
  const labels = d?.days.map((day) => day.day) ?? [];
  const total = (pick: (day: NonNullable<typeof d>['days'][number]) => number) =>
    d?.days.reduce((sum, day) => sum + pick(day), 0) ?? 0;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={`数据看板：${id}`}
        extra={
          <Space>
            <Segmented
              options={RANGES.map((n) => ({ label: `近${n}天`, value: n }))}
              value={days}
              onChange={(value) => setDays(Number(value))}
            />
            <Link to={`/campaigns/${id}`}>返回活动</Link>
          </Space>
        }
        loading={board.loading && !d}
      >
        <Row gutter={24}>
          <Col span={8}>
            <Statistic title="参与人次（按天去重）" value={total((day) => day.participants)} />
          </Col>
          <Col span={8}>
            <Statistic title="抽奖次数" value={total((day) => day.draws)} />
          </Col>
          <Col span={8}>
            <Statistic title="中奖数" value={total((day) => day.awards)} />
          </Col>
        </Row>
      </Card>
      {d && (
        <Row gutter={24}>
          <Col span={12}>
            <Card title="参与、抽奖与中奖（每天）">
              <LineChart
                days={labels}
                series={[
                  { name: '参与人数', values: d.days.map((day) => day.participants) },
                  { name: '抽奖次数', values: d.days.map((day) => day.draws) },
                  { name: '中奖数', values: d.days.map((day) => day.awards) },
                ]}
              />
            </Card>
          </Col>
          <Col span={12}>
            <Card title="奖品库存（每天结束时）">
              {d.stock.length > 0 ? (
                <LineChart
                  days={labels}
                  series={d.stock.map((prize) => ({ name: prize.name, values: prize.values }))}
                />
              ) : (
                <div style={{ height: 280, display: 'grid', placeItems: 'center' }}>
                  该活动没有限量奖品
                </div>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
