// The customer-service team (docs/customer-service.md): every agent with whether their workspace
// is open now and how many conversations they serve; an operator names a new agent by the mobile
// they log in with (someone who has logged in once) and the name shoppers see, renames one by
// naming them again, and takes one out (their open conversations go back to the queue, where the
// others take them by load). Viewers see the list only (the server refuses their writes too).
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, message } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../api.ts';
import { PageError } from '../ui/PageError.tsx';
import { useSession } from '../ui/session.tsx';
import { useLoad } from '../ui/use-load.ts';

type Agent = DataOf<'admin.serviceAgents'>['agents'][number];

interface NewAgent {
  mobile: string;
  name: string;
}

/** Conversations an agent serves at once (the server's MAX_OPEN_PER_AGENT). */
const LOAD_CAP = 10;

export default function ServiceAgentsPage() {
  const { can } = useSession();
  const team = useLoad(() => request(api.call('admin.serviceAgents')), []);
  if (team.error) return <PageError error={team.error} retry={team.reload} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {can.edit && <AddAgentForm onAdded={team.reload} />}
      <Card
        title="客服团队"
        extra={<span>客服在网页工作台 /activity/im/agent 接待，打开即为在线</span>}
      >
        <Table<Agent>
          rowKey="userId"
          size="small"
          loading={team.loading}
          dataSource={team.data?.agents}
          pagination={false}
          locale={{ emptyText: '还没有客服，请在上方添加' }}
          columns={[
            { title: '客服名称', dataIndex: 'name' },
            {
              title: '状态',
              dataIndex: 'online',
              render: (online: boolean) =>
                online ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>,
            },
            {
              title: '接待中',
              dataIndex: 'load',
              render: (load: number) => `${load} / ${LOAD_CAP}`,
            },
            {
              title: 'IM 账号',
              dataIndex: 'accid',
              render: (accid: string) => <code>{accid}</code>,
            },
            ...(can.edit
              ? [
                  {
                    title: '操作',
                    render: (_: unknown, agent: Agent) => (
                      <RemoveAgentButton agent={agent} onRemoved={team.reload} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </Space>
  );
}

function AddAgentForm({ onAdded }: { onAdded(): void }) {
  const [form] = Form.useForm<NewAgent>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const add = async (values: NewAgent) => {
    setBusy(true);
    setError(undefined);
    try {
      const agent = await request(
        api.call('admin.createServiceAgent', {
          mobile: values.mobile.trim(),
          name: values.name.trim(),
        }),
      );
      message.success(`已添加客服「${agent.name}」`);
      form.resetFields();
      onAdded();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="添加客服">
      <Form form={form} layout="inline" onFinish={add}>
        <Form.Item
          name="mobile"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^1\d{10}$/, message: '请输入11位手机号' },
          ]}
        >
          <Input aria-label="手机号" placeholder="客服登录用的手机号" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入客服名称' },
            { max: 16, message: '最多16个字' },
          ]}
        >
          <Input
            aria-label="客服名称"
            placeholder="顾客看到的名称，如 小满"
            style={{ width: 220 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          添加
        </Button>
      </Form>
      <p style={{ margin: '12px 0 0', color: '#666' }}>
        该手机号需先在商城登录过一次；已是客服的手机号再次添加即改名。
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Card>
  );
}

function RemoveAgentButton({ agent, onRemoved }: { agent: Agent; onRemoved(): void }) {
  const remove = async () => {
    try {
      const { returned } = await request(
        api.call('admin.removeServiceAgent', { userId: String(agent.userId) }),
      );
      message.success(
        returned > 0
          ? `已移除客服「${agent.name}」，${returned} 个会话已转回排队`
          : `已移除客服「${agent.name}」`,
      );
      onRemoved();
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <Popconfirm
      title={`移除客服「${agent.name}」？`}
      description="移除后不再分配会话，其接待中的会话转回排队，由其他客服接入。"
      okText="移除"
      cancelText="取消"
      onConfirm={remove}
    >
      <Button size="small" danger>
        移除
      </Button>
    </Popconfirm>
  );
}
