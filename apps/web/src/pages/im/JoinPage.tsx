// /activity/im/join?team=…&token=… "加入群聊": the group chat an invite link (or its QR code)
// leads to. The page checks the login and the link's shape; the team card, with the IM SDK that
// joins, is loaded only for a logged-in shopper (JoinCard.tsx).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { isLoggedIn } from '../../session/session.ts';
import { paths } from '../../routes/paths.ts';
import { Failed, Loading, LoginPrompt } from '../campaign-kit/states.tsx';

const JoinCard = lazy(() => import('./JoinCard.tsx'));

const TOKEN = /^[A-Za-z0-9_-]{8,200}\.[A-Za-z0-9_-]{43}$/;

export default function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!isLoggedIn())
    return <LoginPrompt title="登录后加入群聊" description="和大家一起分享好物、领福利" />;
  if (!TOKEN.test(token))
    return (
      <Failed
        message="邀请链接无效，请向群成员重新获取"
        exit={{ label: '返回消息列表', to: paths.imSessions() }}
      />
    );
  return (
    <Suspense fallback={<Loading />}>
      <JoinCard token={token} />
    </Suspense>
  );
}
