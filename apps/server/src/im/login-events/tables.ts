import type { Generated } from 'kysely';

// Row type of the accounts' logins and logouts (migration 0058).
export interface ImLoginEventTable {
  id: Generated<number>;
  app_key: string;
  accid: string;
  /** NIM's eventType: 2 login, 3 logout. */
  event_type: number;
  client_type: number;
  device_id: string;
  client_ip: string;
  time: number;
}

export interface LoginEventTables {
  im_login_events: ImLoginEventTable;
}
