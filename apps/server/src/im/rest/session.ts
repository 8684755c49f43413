// The account an action names (a sender, a team's operator) as a session of the server API: it
// acts with the rights its own client would have, from client type Server, so every device of
// the account is told of what it did. An account the app does not have is refused as every
// action refuses it (actingAccount: 414 `not register`).
import { CLIENT_TYPES } from '@morsel/protocol';
import type { ImAccounts } from '../accounts/index.ts';
import type { Session } from '../gateway/index.ts';
import { notRegistered } from './acting-account.ts';
import { NimError } from './nim-errors.ts';

export type RestSessionOf = (appKey: string, accid: string) => Promise<Session>;

export function restSessions(accounts: ImAccounts, now: () => number): RestSessionOf {
  return async (appKey, accid) => {
    const account = await accounts.get(appKey, accid);
    if (!account) throw notRegistered(accid);
    if (account.blocked) throw new NimError(403, `account ${accid} is blocked`);
    return {
      appKey,
      accid: account.accid,
      nick: account.name,
      clientType: CLIENT_TYPES.Server,
      deviceId: 'nimserver',
      os: 'REST',
      loginAt: now(),
    };
  };
}
