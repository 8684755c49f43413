// Row types of the push settings tables (migration 0011).
export interface ImPushTokenTable {
  app_key: string;
  accid: string;
  device_id: string;
  client_type: number;
  token_name: string;
  token: string;
  pushkit: number;
  updated_at: number;
}

export interface ImDonnopTable {
  app_key: string;
  accid: string;
  open: number;
  start_time: string;
  end_time: string;
  show_detail: number;
  updated_at: number;
}

export interface PushSettingsTables {
  im_push_tokens: ImPushTokenTable;
  im_donnop: ImDonnopTable;
}
