// /activity/userDataCollection/detail?key= "信息收集详情": one kind of personal information (why,
// where), and, logged in, what the product holds about the shopper now (masked), with requests
// for a copy or the deletion that operators fulfil; a waiting request shows as 处理中.
import { useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Failed, Hero, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';

type Mine = DataOf<'privacy.mine'>;
type Kind = Mine['requests'][number]['kind'];

const KIND_TEXT: Record<Kind, { action: string; confirm: string }> = {
  export: {
    action: '申请导出我的信息',
    confirm: '我们将整理您的个人信息副本，并通过您的手机号联系您提供',
  },
  delete: {
    action: '申请删除我的信息',
    confirm:
      '删除后，未提交的申报草稿、加盟和报名信息将无法恢复；已提交的门店申报作为经营记录依法保存',
  },
};

function Held({ itemKey }: { itemKey: string }) {
  const { remote, retry, setData } = useRemote(() => api.call('privacy.mine'), []);
  const ask = useDoubleClickGuard((kind: Kind) => {
    void Dialog.confirm({
      title: `确认${KIND_TEXT[kind].action}？`,
      content: KIND_TEXT[kind].confirm,
      confirmText: '确认申请',
      cancelText: '取消',
      onConfirm: async () => {
        const reply = await runAction(
          () => api.call('privacy.request', { kind }, { json: true }),
          toast,
        );
        if (!reply) return;
        if (!isSuccess(reply)) {
          toast(reply.message);
          return;
        }
        toast('申请已提交，我们会在15个工作日内处理');
        setData((data) => ({ ...data, requests: [reply.data, ...data.requests] }));
      },
    });
  });
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const values = remote.data.held.find((h) => h.key === itemKey)?.values ?? [];
  const pending = (kind: Kind) =>
    remote.data.requests.find((r) => r.kind === kind && r.status === 'pending');
  return (
    <>
      <section className={styles.card} aria-labelledby="privacy-held">
        <h2 id="privacy-held" className={styles.cardTitle}>
          我们当前保存的您的信息
        </h2>
        {values.length > 0 ? (
          <ul className={styles.points}>
            {values.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.outcomeText}>暂未保存您的此类信息</p>
        )}
      </section>
      <section className={styles.card} aria-label="导出或删除">
        {(['export', 'delete'] as const).map((kind) => {
          const waiting = pending(kind);
          return waiting ? (
            <p key={kind} className={styles.tip} role="status">
              {KIND_TEXT[kind].action}：处理中（{formatDateTime(waiting.createdAt)} 提交）
            </p>
          ) : (
            <Button
              key={kind}
              block
              shape="rounded"
              color={kind === 'export' ? 'primary' : 'default'}
              className={styles.primaryAction}
              onClick={() => ask(kind)}
            >
              {KIND_TEXT[kind].action}
            </Button>
          );
        })}
      </section>
    </>
  );
}

export default function PrivacyDetailPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const { remote, retry } = useRemote(() => api.call('privacy.list'), []);
  const exit = { label: '返回个人信息收集清单', to: paths.privacyList() };
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={exit} />;
  const item = remote.data.items.find((i) => i.key === key);
  if (!item) return <Failed message="没有找到这项信息" exit={exit} />;
  return (
    <main className={styles.page}>
      <Hero title={item.name} subtitle={`使用场景：${item.feature}`} />
      <section className={`${styles.card} ${styles.overlap}`} aria-labelledby="privacy-purpose">
        <h2 id="privacy-purpose" className={styles.cardTitle}>
          收集目的
        </h2>
        <p className={styles.outcomeText}>{item.purpose}</p>
        <p className={styles.tip}>
          {item.required ? '该功能必须使用此信息' : '不提供不影响其他功能的使用'}
        </p>
      </section>
      {isLoggedIn() ? (
        <Held itemKey={item.key} />
      ) : (
        <LoginPrompt title="登录后查看我们保存的您的信息" />
      )}
    </main>
  );
}
