import type { Generated } from 'kysely';

export interface ImTeamTable {
  id: Generated<number>;
  app_key: string;
  kind: 'team' | 'superTeam';
  type: string;
  owner: string;
  level: number;
  name: string;
  avatar: string;
  intro: string;
  announcement: string;
  custom: string;
  join_mode: string;
  be_invite_mode: string;
  invite_mode: string;
  update_team_mode: string;
  update_custom_mode: string;
  mute_type: string;
  member_num: number;
  valid: number;
  member_updated_at: number;
  created_at: number;
  updated_at: number;
}

export interface ImTeamMemberTable {
  app_key: string;
  team_id: number;
  accid: string;
  type: 'normal' | 'owner' | 'manager';
  nick_in_team: string;
  mute_team: number;
  mute_noti_type: number;
  mute: number;
  custom: string;
  invitor: string;
  valid: number;
  join_time: number;
  updated_at: number;
}

export interface ImTeamReceiptTable {
  app_key: string;
  message_id: number;
  reader: string;
  created_at: number;
}

export interface TeamTables {
  im_teams: ImTeamTable;
  im_team_members: ImTeamMemberTable;
  im_team_receipts: ImTeamReceiptTable;
}
