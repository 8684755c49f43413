// A message as NIM's message copy (抄送) carries it: eventType 1, every field a string, names
// and values in NIM's vocabulary (convType PERSON/TEAM/SUPER_TEAM, msgType TEXT/PICTURE/...,
// fromClientType WEB/AOS/IOS/...), so an app server written for NIM's copies reads ours unchanged.
import { MSG_TYPES, type Msg } from '@morsel/protocol';

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
