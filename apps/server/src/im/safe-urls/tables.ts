// Row type of the safe short URL table (migration 0014).
export interface ImSafeUrlTable {
  app_key: string;
  safe_url: string;
  origin_url: string;
  created_at: number;
}

export interface SafeUrlTables {
  im_safe_urls: ImSafeUrlTable;
}
