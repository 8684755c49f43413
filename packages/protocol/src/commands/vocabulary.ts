// The named values the command shapes are built from, without schemas: message types, system
// message categories and states, client types, chatroom identities and link path, document
// formats. The shapes (shapes/*.ts, common.ts, files.ts) build their schemas from these and
// re-export them; code that runs in browsers reaches them without loading a schema library
// (docs/decisions/0054-sdk-without-schemas.md).

/** Message type codes of document 2. */
export const MSG_TYPES = {
  text: 0,
  image: 1,
  audio: 2,
  video: 3,
  geo: 4,
  notification: 5,
  file: 6,
  tip: 10,
  robot: 11,
  custom: 100,
} as const;
export type MsgTypeName = keyof typeof MSG_TYPES;

export const SYSMSG_CATEGORIES = ['team', 'friend', 'superTeam', 'msg'] as const;

/** A system message's state: init, then passed, rejected or error for requests. */
export const SYSMSG_STATES = ['init', 'passed', 'rejected', 'error'] as const;

/** Client types of document 2 with NIM's numbers. */
export const CLIENT_TYPES = {
  Android: 1,
  iOS: 2,
  PC: 4,
  WindowsPhone: 8,
  Web: 16,
  Server: 32,
  Mac: 64,
} as const;
export type ClientTypeName = keyof typeof CLIENT_TYPES;
/** A client type's number on the wire (what `login` sends and `kicked` names). */
export type ClientTypeCode = (typeof CLIENT_TYPES)[ClientTypeName];

/** Numeric identity changes of markChatroomIdentity: manager 1, common 2, black -1, mute -2. */
export const CHATROOM_IDENTITIES = { manager: 1, common: 2, black: -1, mute: -2 } as const;
export type ChatroomIdentity = keyof typeof CHATROOM_IDENTITIES;

/** Where a chatroom server serves the chatroom link (an Engine.IO path beside the IM link). */
export const CHATROOM_LINK_PATH = '/im/chatroom/';

/** The document formats transcoding takes (spec section 5). */
export const DOCUMENT_EXTS = ['ppt', 'pptx', 'pdf'] as const;
export const DOCUMENT_FORMAT_RULE = 'please upload a file in the right format [ppt, pptx, pdf]';
