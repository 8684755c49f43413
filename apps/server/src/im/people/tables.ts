// Row types of the people tables (migration 0007); the profile columns extend im_accounts.
import type { Generated } from 'kysely';

export interface ImFriendTable {
  app_key: string;
  accid: string;
  friend: string;
  alias: string;
  custom: string;
  serverex: string;
  valid: number;
  created_at: number;
  updated_at: number;
}

export interface ImRelationTable {
  app_key: string;
  accid: string;
  target: string;
  kind: 'blacklist' | 'mutelist';
  active: number;
  updated_at: number;
}

export interface ImSysMsgTable {
  id: Generated<number>;
  app_key: string;
  to_accid: string;
  from_accid: string;
  type: string;
  category: string;
  ps: string | null;
  attach: string | null;
  /** Whom the message is addressed to when that is not the recipient (a team's id). */
  target?: string | null;
  state: string;
  read: number;
  time: number;
  updated_at: number;
}

/** Profile columns of im_accounts; they have defaults, so inserts may leave them out. */
export interface ProfileColumns {
  sign: Generated<string>;
  gender: Generated<string>;
  email: Generated<string>;
  birth: Generated<string>;
  tel: Generated<string>;
  custom: Generated<string>;
}

export interface PeopleTables {
  im_friends: ImFriendTable;
  im_relations: ImRelationTable;
  im_sysmsgs: ImSysMsgTable;
}
