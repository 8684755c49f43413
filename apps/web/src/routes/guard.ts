// The route guard (spec section 5), as a pure decision; RouteGuard.tsx carries it out.
import type { Environment } from '../env/detect.ts';
import { loginUrl } from '../request/loginRedirect.ts';
import type { RouteDef } from './types.ts';

export type GuardOutcome =
  | { kind: 'pass' }
  | { kind: 'native-login' }
  | { kind: 'login'; to: string; bankChannel: string | null };

export interface GuardContext {
  loggedIn: boolean;
  env: Environment;
  /** pathname + search + hash of the page being entered. */
  fullPath: string;
  search: string;
}

export function decide(route: Pick<RouteDef, 'requireLogin'>, context: GuardContext): GuardOutcome {
  if (!route.requireLogin || context.loggedIn) return { kind: 'pass' };
  if (context.env.app) return { kind: 'native-login' };
  // WeChat and Alipay pages stay open: they log in through their own authorisation.
  if (context.env.wechat || context.env.alipay) return { kind: 'pass' };
  return {
    kind: 'login',
    to: loginUrl(context.fullPath),
    bankChannel: new URLSearchParams(context.search).get('bank_channel'),
  };
}
