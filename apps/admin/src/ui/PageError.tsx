import { Alert, Button } from 'antd';

/** A page's failed load: the server's message and a retry. */
export function PageError({ error, retry }: { error: Error; retry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="加载失败"
      description={error.message}
      action={
        <Button size="small" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}
