// /activity/im/index "消息": the shopper's conversations (SessionList.tsx). The page itself is
// small: the IM SDK is loaded with the list only for a logged-in shopper, so a visitor's first
// visit does not download it (the web budget, docs/chat-pages.md).
import { lazy, Suspense } from 'react';
import { isLoggedIn } from '../../session/session.ts';
import { Loading, LoginPrompt } from '../campaign-kit/states.tsx';

const SessionList = lazy(() => import('./SessionList.tsx'));

export default function ImIndexPage() {
  if (!isLoggedIn())
    return <LoginPrompt title="登录后查看消息" description="和好友、群聊的消息都在这里" />;
  return (
    <Suspense fallback={<Loading />}>
      <SessionList />
    </Suspense>
  );
}
