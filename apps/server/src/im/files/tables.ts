import type { Generated } from 'kysely';

// Row types of the IM file tables (migration 0021).
export interface ImFileTable {
  object_name: string;
  app_key: string;
  accid: string;
  address: string;
  size: number;
  md5: string;
  mime: string;
  safe_url: string | null;
  renditions: Generated<number>;
  created_at: number;
  expires_at: number | null;
}

export interface ImUploadGrantTable {
  token_hash: string;
  app_key: string;
  accid: string;
  object_name: string;
  survival_seconds: number | null;
  expires_at: number;
  context: string | null;
  received: number;
}

// Migration 0027: documents and their pages, and the client anti-spam lexicon.
export interface ImDocTable {
  doc_id: string;
  app_key: string;
  accid: string;
  name: string;
  ext: string;
  object_name: string;
  state: 'uploading' | 'transcoding' | 'done' | 'failed';
  size: number | null;
  pages: string;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ImClientAntispamTable {
  app_key: string;
  thesaurus: string;
  md5: string;
  updated_at: number;
}

export interface ImFileAccessTokenTable {
  token_hash: string;
  object_name: string;
  app_key: string;
  accid: string;
  created_at: number;
}

export interface FileTables {
  im_files: ImFileTable;
  im_upload_grants: ImUploadGrantTable;
  im_docs: ImDocTable;
  im_client_antispam: ImClientAntispamTable;
  im_file_access_tokens: ImFileAccessTokenTable;
}
