// A message as NIM's message copy (抄送) carries it: eventType 1, every field a string, names
// and values in NIM's vocabulary (convType PERSON/TEAM/SUPER_TEAM, msgType TEXT/PICTURE/...,
// fromClientType WEB/AOS/IOS/...), so an app server written for NIM's copies reads ours unchanged.
import { MSG_TYPES, type ChatroomMsgInfo, type Msg } from '@morsel/protocol';

const CONV_TYPES: Record<Msg['scene'], string> = {
  p2p: 'PERSON',
  team: 'TEAM',
  superTeam: 'SUPER_TEAM',
};

const MSG_TYPE_NAMES: Record<number, string> = {
  [MSG_TYPES.text]: 'TEXT',
  [MSG_TYPES.image]: 'PICTURE',
  [MSG_TYPES.audio]: 'AUDIO',
  [MSG_TYPES.video]: 'VIDEO',
  [MSG_TYPES.geo]: 'LOCATION',
  [MSG_TYPES.notification]: 'NOTIFICATION',
  [MSG_TYPES.file]: 'FILE',
  [MSG_TYPES.tip]: 'TIPS',
  [MSG_TYPES.robot]: 'ROBOT',
  [MSG_TYPES.custom]: 'CUSTOM',
};

/** CLIENT_TYPES' values as NIM's copies name them. */
const CLIENT_TYPE_NAMES: Record<number, string> = {
  1: 'AOS',
  2: 'IOS',
  4: 'PC',
  8: 'WINPHONE',
  16: 'WEB',
  32: 'REST',
  64: 'MAC',
};

/** A client type as NIM names it (copies, the server API's login events). */
export const clientTypeName = (code: number): string => CLIENT_TYPE_NAMES[code] ?? String(code);

/** The attachment of a media, location or robot message, as JSON (NIM's `attach`). */
function attachOf(msg: Msg): string {
  if (msg.file) return JSON.stringify(msg.file);
  if (msg.geo) return JSON.stringify(msg.geo);
  if (msg.robot) return JSON.stringify(msg.robot);
  return msg.attach ?? '';
}

export function messageCopyBody(msg: Msg, ip: string): Record<string, string> {
  return {
    eventType: '1',
    convType: CONV_TYPES[msg.scene],
    to: msg.to,
    fromAccount: msg.from,
    fromClientType: CLIENT_TYPE_NAMES[msg.fromClientType] ?? String(msg.fromClientType),
    fromDeviceId: msg.fromDeviceId,
    fromNick: msg.fromNick,
    msgTimestamp: String(msg.time),
    msgType: MSG_TYPE_NAMES[msg.type] ?? String(msg.type),
    body: msg.type === MSG_TYPES.custom ? (msg.content ?? '') : (msg.text ?? ''),
    attach: attachOf(msg),
    msgidClient: msg.idClient,
    msgidServer: msg.idServer,
    resendFlag: '0',
    customSafeFlag: '0',
    customApnsText: msg.pushContent ?? '',
    tMembers: msg.apns?.accounts ? JSON.stringify(msg.apns.accounts) : '',
    ext: msg.custom ?? '',
    antispam: 'false',
    blacklist: 'false',
    ip,
  };
}

/** A login (eventType 2) or logout (3) of a device, as NIM's copies of them carry it. */
export function sessionCopyBody(
  event: 'login' | 'logout',
  session: { accid: string; clientType: number; deviceId: string },
  clientIp: string,
  time: number,
): Record<string, string> {
  return {
    eventType: event === 'login' ? '2' : '3',
    accid: session.accid,
    clientIp,
    clientType: CLIENT_TYPE_NAMES[session.clientType] ?? String(session.clientType),
    deviceId: session.deviceId,
    code: '200',
    timestamp: String(time),
  };
}

const CUSTOM_CONV_TYPES: Record<Msg['scene'], string> = {
  p2p: 'CUSTOM_PERSON',
  team: 'CUSTOM_TEAM',
  superTeam: 'CUSTOM_SUPER_TEAM',
};
const CUSTOM_MSG_TYPES: Record<Msg['scene'], string> = {
  p2p: 'CUSTOM_P2P_MSG',
  team: 'CUSTOM_TEAM_MSG',
  superTeam: 'CUSTOM_SUPER_TEAM_MSG',
};

/** A custom system message as NIM copies it: eventType 1 with the CUSTOM_ conversation types. */
export function customSysMsgCopyBody(sent: {
  session: { accid: string; nick: string; clientType: number; deviceId: string };
  sysMsg: { scene: Msg['scene']; to: string; content: string; apnsText?: string };
  idServer: string;
  time: number;
  ip: string;
}): Record<string, string> {
  const { session, sysMsg } = sent;
  return {
    eventType: '1',
    convType: CUSTOM_CONV_TYPES[sysMsg.scene],
    to: sysMsg.to,
    fromAccount: session.accid,
    fromClientType: clientTypeName(session.clientType),
    fromDeviceId: session.deviceId,
    fromNick: session.nick,
    msgTimestamp: String(sent.time),
    msgType: CUSTOM_MSG_TYPES[sysMsg.scene],
    body: sysMsg.content,
    msgidServer: sent.idServer,
    customApnsText: sysMsg.apnsText ?? '',
    ip: sent.ip,
  };
}

/** A chatroom message's type as NIM's copies name it (our names, from the chatroom commands). */
const CHATROOM_MSG_TYPE_NAMES: Record<string, string> = {
  text: 'TEXT',
  image: 'PICTURE',
  audio: 'AUDIO',
  video: 'VIDEO',
  geo: 'LOCATION',
  file: 'FILE',
  tip: 'TIPS',
  custom: 'CUSTOM',
  notification: 'NOTIFICATION',
};

/**
 * A member's chatroom message as NIM copies it: eventType 4, the room as `roomId`, the sender's
 * room profile (`fromNick`, NIM's spelling `fromAvator`, `fromExt`); text and tips in `body`,
 * every other type's content in `attach`, as the server API's chatroom/sendMsg takes them.
 */
export function chatroomMsgCopyBody(sent: {
  msg: ChatroomMsgInfo;
  ip: string;
}): Record<string, string> {
  const { msg } = sent;
  const textual = msg.type === 'text' || msg.type === 'tip';
  return {
    eventType: '4',
    roomId: msg.chatroomId,
    fromAccount: msg.from,
    fromNick: msg.fromNick,
    fromAvator: msg.fromAvatar,
    fromExt: msg.fromCustom,
    fromClientType: clientTypeName(msg.fromClientType),
    msgTimestamp: String(msg.time),
    msgType: CHATROOM_MSG_TYPE_NAMES[msg.type] ?? msg.type,
    body: textual ? (msg.text ?? '') : '',
    attach: textual ? '' : (msg.content ?? ''),
    msgidClient: msg.idClient,
    msgidServer: msg.idServer,
    resendFlag: msg.resend ? '1' : '0',
    customSafeFlag: '0',
    ext: msg.custom ?? '',
    antispam: 'false',
    ip: sent.ip,
  };
}
