// NIM's user/mute (global mute): a muted account's messages are refused, whatever the scene and
// whoever sends them as it (a client or the server API), with 403. Its other actions go on.
import { CommandError } from '../gateway/index.ts';
import type { SendGuard } from '../messaging/index.ts';
import type { ImAccounts } from './accounts.ts';

export function mutedSenderGuard(accounts: ImAccounts): SendGuard {
  return async ({ session }) => {
    if ((await accounts.settings(session.appKey, session.accid))?.muted)
      throw new CommandError(403, 'the account is muted (user/mute)');
  };
}
