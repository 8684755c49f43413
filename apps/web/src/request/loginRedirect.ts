// Where an invalid session sends the user (spec sections 5 and 8): native login inside the app,
// else /my/login with loginFrom = the current full path. The shell plugs in the router's
// navigate so that this stays a client-side navigation; before that a full page load is used.
import { LOGIN_PATH } from '../config/product.ts';
import { environment } from '../env/detect.ts';
import { nativeBridge } from '../native/bridge.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to, options) =>
  options?.replace ? location.replace(to) : location.assign(to);

export function setLoginNavigator(next: Navigate): void {
  navigate = next;
}

export function currentFullPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

export function loginUrl(from: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ loginFrom: from }).toString()}`;
}

export function goToLogin(
  from: string = currentFullPath(),
  options: { replace?: boolean } = {},
): void {
  if (environment().app) {
    nativeBridge
      .login(location.href)
      .catch((error: unknown) => console.warn('native login failed', error));
    return;
  }
  navigate(loginUrl(from), options);
}
