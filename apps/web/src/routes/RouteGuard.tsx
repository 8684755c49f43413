import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { environment } from '../env/detect.ts';
import { nativeBridge } from '../native/bridge.ts';
import { isLoggedIn, rememberBankChannel } from '../session/session.ts';
import { Notice } from '../shell/Notice.tsx';
import { LockIcon } from '../shell/NoticeIcons.tsx';
import { decide } from './guard.ts';
import type { RouteDef } from './types.ts';

function openNativeLogin() {
  nativeBridge
    .login(location.href)
    .catch((error: unknown) => console.warn('native login failed', error));
}

/** In the app the page waits for native login; the app reloads the page once the user logged in. */
function NativeLoginPending() {
  useEffect(openNativeLogin, []);
  return (
    <Notice
      icon={<LockIcon />}
      title="请先登录"
      description="登录后即可查看本页内容"
      action="去登录"
      onAction={openNativeLogin}
    />
  );
}

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  const outcome = decide(route, {
    loggedIn: isLoggedIn(),
    env: environment(),
    fullPath: `${location.pathname}${location.search}${location.hash}`,
    search: location.search,
  });
  if (outcome.kind === 'pass') return children;
  if (outcome.kind === 'native-login') return <NativeLoginPending />;
  if (outcome.bankChannel) rememberBankChannel(outcome.bankChannel);
  return <Navigate to={outcome.to} replace />;
}
