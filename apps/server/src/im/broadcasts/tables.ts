import type { Generated } from 'kysely';

// Row type of the broadcast messages (migration 0059).
export interface ImBroadcastMsgTable {
  id: Generated<number>;
  app_key: string;
  from_accid: string;
  body: string;
  /** NIM's targetOs names, comma-separated; empty for every client kind. */
  target_os: string;
  time: number;
  /** Kept for offline devices until then; 0 for online only. */
  expires_at: number;
}

// Row type of the acknowledged broadcasts (migration 0067).
export interface ImBroadcastAckTable {
  app_key: string;
  accid: string;
  /** The broadcast's time, its broadcastId. */
  broadcast_time: number;
  expires_at: number;
}

export interface BroadcastTables {
  im_broadcast_msgs: ImBroadcastMsgTable;
  im_broadcast_acks: ImBroadcastAckTable;
}
