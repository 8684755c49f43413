// Who is logged in to the console, and what their role lets the pages show. The server checks
// every call by the same role; hiding buttons here only spares a refusal.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { DataOf } from '@morsel/api/client';
import { api, request, SESSION_ENDED } from '../api.ts';

export type Account = DataOf<'console.me'>;
export type Role = Account['role'];

/** What a role may do, as the server enforces it (docs/operator-console.md). */
export function abilities(role: Role | undefined) {
  return {
    read: role === 'operator' || role === 'viewer',
    edit: role === 'operator',
    redeem: role === 'operator' || role === 'cashier',
  };
}

interface SessionValue {
  /** undefined while the first check runs; null when logged out. */
  account: Account | null | undefined;
  can: ReturnType<typeof abilities>;
  loggedIn(account: Account): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  useEffect(() => {
    request(api.call('console.me')).then(setAccount, () => setAccount(null));
    const ended = () => setAccount(null);
    window.addEventListener(SESSION_ENDED, ended);
    return () => window.removeEventListener(SESSION_ENDED, ended);
  }, []);
  const logout = useCallback(async () => {
    await request(api.call('console.logout')).catch(() => undefined);
    setAccount(null);
  }, []);
  const value = useMemo(
    () => ({ account, can: abilities(account?.role), loggedIn: setAccount, logout }),
    [account, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export const ROLE_LABELS: Record<Role, string> = {
  operator: '运营',
  cashier: '收银员',
  viewer: '只读',
};
