import type { Static } from '@sinclair/typebox';
import type { COMMANDS } from '@morsel/protocol';

/** One logged-in connection of an account, as other devices see it (NIM's "login port"). */
export type LoginPort = Static<(typeof COMMANDS)['login']['reply']>['loginPorts'][number];

export interface AccountKey {
  appKey: string;
  accid: string;
}

export const accountChannel = ({ appKey, accid }: AccountKey) => `im:acct:${appKey}:${accid}`;
