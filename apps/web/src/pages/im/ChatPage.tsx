// /activity/im/chat?to=…&scene=p2p|team "聊天": one conversation (Conversation.tsx). The page
// checks the login and the address; the conversation, with the IM SDK, is loaded only for a
// logged-in shopper (the web budget, docs/chat-pages.md).
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { isLoggedIn } from '../../session/session.ts';
import { paths } from '../../routes/paths.ts';
import { Failed, Loading, LoginPrompt } from '../campaign-kit/states.tsx';

const Conversation = lazy(() => import('./Conversation.tsx'));

/** What an IM account (accid) or team id may be. */
const TARGET = /^[A-Za-z0-9_.@-]{1,32}$/;

export default function ChatPage() {
  const [params] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const scene = params.get('scene') === 'team' ? 'team' : 'p2p';
  if (!isLoggedIn()) return <LoginPrompt title="登录后开始聊天" />;
  if (!TARGET.test(to))
    return (
      <Failed message="聊天对象不存在" exit={{ label: '返回消息列表', to: paths.imSessions() }} />
    );
  return (
    <Suspense fallback={<Loading />}>
      <Conversation key={`${scene}-${to}`} to={to} scene={scene} />
    </Suspense>
  );
}
