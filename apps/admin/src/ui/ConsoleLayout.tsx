// The frame around every page once logged in: the side menu of the pages the role sees, and
// who is logged in with a logout button.
import type { ReactNode } from 'react';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PAGES } from '../routes.tsx';
import { ROLE_LABELS, useSession } from './session.tsx';

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { account, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!account) return null;
  const items = PAGES.filter((p) => p.menu && p.roles.includes(account.role)).map((p) => ({
    key: p.path,
    label: p.menu,
  }));
  const selected = items.find((item) => location.pathname.startsWith(item.key))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          运营控制台
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space>
            <span data-testid="account-name">{account.name}</span>
            <Tag color={account.role === 'operator' ? 'blue' : 'default'}>
              {ROLE_LABELS[account.role]}
            </Tag>
            <Button onClick={() => void logout()}>退出登录</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
