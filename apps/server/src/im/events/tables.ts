export interface ImEventSubTable {
  app_key: string;
  subscriber: string;
  type: number;
  target: string;
  subscribe_time: number;
  expires_at: number;
  created_at: number;
}

/** The latest event of each type per account, kept until it expires (broadcastType 2). */
export interface ImEventTable {
  app_key: string;
  account: string;
  type: number;
  value: number;
  custom: string | null;
  id_client: string | null;
  client_type: number | null;
  time: number;
  expires_at: number;
}

export interface EventTables {
  im_event_subs: ImEventSubTable;
  im_events: ImEventTable;
}
