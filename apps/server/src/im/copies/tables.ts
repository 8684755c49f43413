import type { Generated } from 'kysely';

// Row type of the message copy queue (migration 0042).
export interface ImCopyTable {
  id: Generated<number>;
  app_key: string;
  body: string;
  attempts: Generated<number>;
  due_at: number;
  claimed_until: Generated<number>;
  last_error: string | null;
  created_at: number;
}

export interface CopyTables {
  im_copies: ImCopyTable;
}
