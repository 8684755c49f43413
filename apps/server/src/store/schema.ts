// Row types of every table, shared by both engines. Times are milliseconds since the epoch
// (bigint columns), flags are 0/1 integers and structured values are JSON text, so that one
// query layer speaks SQLite and PostgreSQL alike (docs/decisions/0002-one-store-two-engines.md).
import type { Generated } from 'kysely';
import type { ProductTables } from '../product/store/tables.ts';
import type { CampaignTables } from '../campaigns/store/tables.ts';
import type { CommerceTables } from '../campaigns/commerce/store/tables.ts';
import type { OrangeCardTables } from '../campaigns/commerce/orange/tables.ts';
import type { MessagingTables } from '../im/messaging/tables.ts';
import type { ExtrasTables } from '../im/extras/tables.ts';
import type { PeopleTables, ProfileColumns } from '../im/people/tables.ts';
import type { TeamTables } from '../im/teams/tables.ts';
import type { EventTables } from '../im/events/tables.ts';
import type { PushSettingsTables } from '../im/push-settings/tables.ts';
import type { SafeUrlTables } from '../im/safe-urls/tables.ts';
import type { SignalTables } from '../im/signal/tables.ts';
import type { FileTables } from '../im/files/tables.ts';
import type { ChatroomTables } from '../im/chatroom/tables.ts';
import type { FormTables } from '../forms/tables.ts';
import type { CopyTables } from '../im/copies/tables.ts';
import type { BroadcastTables } from '../im/broadcasts/tables.ts';
import type { LoginEventTables } from '../im/login-events/tables.ts';
import type { ChatTables } from '../chat/tables.ts';
import type { PostofficeTables } from '../postoffice/tables.ts';
import type { LiveTables } from '../live/tables.ts';
import type { CustomerServiceTables } from '../customer-service/tables.ts';

export interface MetaTable {
  key: string;
  value: string;
}

/** An application of the IM cloud; every IM record is scoped by its appKey. */
export interface ImAppTable {
  app_key: string;
  secret: string;
  name: string;
  created_at: number;
}

/** An IM account (accid) of one app with its login token. */
export interface ImAccountTable extends ProfileColumns {
  id: Generated<number>;
  app_key: string;
  accid: string;
  /** sha256 of the login token in lower-case hex (im/accounts/tokens.ts); never the token. */
  token: string;
  nick: string;
  disabled: number;
  created_at: number;
  updated_at: number;
  /** Avatar URL (migration 0002). */
  icon: Generated<string>;
  /** Free JSON text given by the app backend (migration 0002). */
  props: Generated<string>;
  /** 1 while the server API's user/mute keeps the account from sending (migration 0046). */
  muted: Generated<number>;
  /** NIM's donnopOpen: no mobile push while a desktop client is online (migration 0046). */
  donnop_open: Generated<number>;
  /** 1 while the server API's user/muteAv keeps the account from calls (migration 0058). */
  mute_av: Generated<number>;
}

/** A REST API nonce already used by an app, kept until its CurTime leaves the window. */
export interface ImRestNonceTable {
  app_key: string;
  nonce: string;
  expires_at: number;
}

/** One log report (`kind` 'report') or plain-text log post (`kind` 'lines') from a client SDK. */
export interface ImClientLogTable {
  id: Generated<number>;
  app_key: string;
  kind: string;
  uid: string;
  os: string;
  session: string;
  ver: string;
  type: string;
  platform: string;
  content: string;
  created_at: number;
}

/** One error statistics post from a client SDK; `body` is the JSON as received. */
export interface ImClientErrorReportTable {
  id: Generated<number>;
  app_key: string;
  device_id: string;
  event_count: number;
  body: string;
  created_at: number;
}

/** Every table; the product API's row types live beside it in src/product/store/tables.ts. */
export interface Database
  extends
    ProductTables,
    CampaignTables,
    CommerceTables,
    OrangeCardTables,
    MessagingTables,
    ExtrasTables,
    PeopleTables,
    TeamTables,
    EventTables,
    PushSettingsTables,
    SafeUrlTables,
    SignalTables,
    FileTables,
    ChatroomTables,
    FormTables,
    CopyTables,
    ChatTables,
    BroadcastTables,
    LoginEventTables,
    PostofficeTables,
    LiveTables,
    CustomerServiceTables {
  meta: MetaTable;
  im_apps: ImAppTable;
  im_accounts: ImAccountTable;
  im_rest_nonces: ImRestNonceTable;
  im_client_logs: ImClientLogTable;
  im_client_error_reports: ImClientErrorReportTable;
}
