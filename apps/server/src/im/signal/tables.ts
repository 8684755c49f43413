// Row types of the signalling tables (migrations 0020, 0051).
export interface ImSignalChannelTable {
  app_key: string;
  channel_id: string;
  /** Unique in the app while the channel lives; a closed or expired channel frees it. */
  channel_name: string;
  type: number;
  ext: string | null;
  creator: string;
  created_at: number;
  expires_at: number;
}

export interface ImSignalMemberTable {
  app_key: string;
  channel_id: string;
  accid: string;
  /** The device that joined: the account is in the channel from that device only. */
  device_id: string;
  uid: number;
  created_at: number;
}

export type SignalInviteState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'closed';

export interface ImSignalInviteTable {
  app_key: string;
  channel_id: string;
  inviter: string;
  invitee: string;
  request_id: string;
  state: SignalInviteState;
  /** The device of the invitee that answered (9103 for the others). */
  answered_by: string | null;
  offline_enabled: number;
  attach_ext: string | null;
  /** The pushInfo as JSON, for the notification an offline callee gets at login. */
  push_info: string | null;
  msgid: string;
  /** When the callee marked it received (signalingMarkMsgRead): the unread sync skips it. */
  read_at: number | null;
  created_at: number;
  /** The channel's expiry when invited (moved on with it by signalingDelay). */
  expires_at: number;
}

export interface SignalTables {
  im_signal_channels: ImSignalChannelTable;
  im_signal_members: ImSignalMemberTable;
  im_signal_invites: ImSignalInviteTable;
}
