// The account an action is made as (accid, from …): as in NIM's user actions, one the app does not
// have answers 414 `not register: <accid>`. Accounts an action names otherwise (a friend, a target)
// meet the IM link's own rules and codes.
import { NimError } from './nim-errors.ts';

export interface ActingAccount {
  appKey: string;
  /** As stored (lower case). */
  accid: string;
}

/** NIM's refusal of an account the app does not have. */
export function notRegistered(accid: string): NimError {
  return new NimError(414, `not register: ${accid.toLowerCase()}`);
}

export async function actingAccount(
  lookup: (appKey: string, accid: string) => Promise<string | undefined>,
  appKey: string,
  accid: string,
): Promise<ActingAccount> {
  const stored = await lookup(appKey, accid);
  if (!stored) throw notRegistered(accid);
  return { appKey, accid: stored };
}
