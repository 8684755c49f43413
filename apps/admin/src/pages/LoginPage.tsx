// Log in with a console account's name and password; the server sets the session cookie.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { api, request } from '../api.ts';
import { homeOf } from '../routes.tsx';
import { useSession } from '../ui/session.tsx';

export default function LoginPage() {
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { name: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      const account = await request(api.call('console.login', values));
      loggedIn(account);
      navigate(homeOf(account.role), { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}
    >
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          运营控制台
        </Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="账号" name="name" rules={[{ required: true, message: '请输入账号' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="密码"
            name="password"
            rules={[{ required: true, message: '请输入密码' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
