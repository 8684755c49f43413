// Row types of chat in the app (migration 0049).

/** A shopper's IM account in the default IM app; the token is derived from `token_epoch`. */
export interface ChatShopperTable {
  user_id: number;
  app_key: string;
  accid: string;
  token_epoch: number;
  created_at: number;
}

export interface ChatTables {
  chat_shoppers: ChatShopperTable;
}
