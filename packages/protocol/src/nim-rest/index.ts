// The server REST API's action table (see define.ts). An area's actions live in its own file;
// this merges them. Imported as `@morsel/protocol/nim-rest`, never by the client SDK.
import type { Static } from '@sinclair/typebox';
import { ANTISPAM_ACTIONS } from './antispam.ts';
import { CHATROOM_ACTIONS } from './chatroom.ts';
import { EVENT_ACTIONS } from './event.ts';
import { FRIEND_ACTIONS } from './friend.ts';
import { HISTORY_ACTIONS } from './history.ts';
import { MSG_ACTIONS } from './msg.ts';
import { SUPER_TEAM_ACTIONS, TEAM_ACTIONS } from './team.ts';
import { SUPER_TEAM_MSG_ACTIONS } from './super-team-msgs.ts';
import { USER_ACTIONS } from './user.ts';

export * from './define.ts';
export * from './fields.ts';
export {
  BATCH_RECIPIENTS_MAX,
  BROADCAST_BODY_MAX,
  BROADCAST_TARGET_OS,
  BROADCAST_TTL_MAX_HOURS,
  MSG_CONTENT_FIELDS,
  NimMsgType,
  REST_UPLOAD_MAX_BYTES,
  REST_UPLOAD_MIN_EXPIRE_SECONDS,
} from './msg.ts';
export { CHATROOM_QUEUE_BATCH_MAX, NIM_CHATROOM_MSG_TYPES } from './chatroom.ts';
export { UINFOS_MAX } from './user.ts';
export { EVENT_PUBLISHERS_MAX } from './event.ts';
export { HISTORY_PAGE_MAX, LOGIN_EVENTS_KEPT_DAYS, NimHistoryMsg } from './history.ts';
export { TEAM_MANAGERS_MAX, TEAM_MEMBERS_MAX, TEAM_QUERY_MAX } from './team.ts';
export { SUPER_TEAM_MEMBERS_PAGE_MAX } from './super-team-msgs.ts';

export const NIM_REST_ACTIONS = {
  ...USER_ACTIONS,
  ...MSG_ACTIONS,
  ...ANTISPAM_ACTIONS,
  ...CHATROOM_ACTIONS,
  ...FRIEND_ACTIONS,
  ...EVENT_ACTIONS,
  ...HISTORY_ACTIONS,
  ...TEAM_ACTIONS,
  ...SUPER_TEAM_ACTIONS,
  ...SUPER_TEAM_MSG_ACTIONS,
};

export type NimActionName = keyof typeof NIM_REST_ACTIONS;
export type NimFormOf<N extends NimActionName> = Static<(typeof NIM_REST_ACTIONS)[N]['form']>;
export type NimReplyOf<N extends NimActionName> = Static<(typeof NIM_REST_ACTIONS)[N]['reply']>;
