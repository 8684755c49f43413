// The wire side of client messages: which fields go out, a message's key for the commands that
// name one, the sync category of each scene's messages, and messages grouped per session.
import type { Msg, OutgoingMsg, SyncCategory } from '@morsel/protocol';
import type { ClientMsg } from '../model.ts';
import type { SessionMsgs } from '../options.ts';

type Scene = Msg['scene'];

/** The sync category that delivers a scene's messages (again, after a reconnect or a reload). */
export const MSG_TIMETAG: Record<Scene, SyncCategory> = {
  p2p: 'offlineMsgs',
  team: 'teamMsgs',
  superTeam: 'superTeamMsgs',
};

export const OUTGOING_FIELDS = [
  'text',
  'file',
  'geo',
  'robot',
  'content',
  'attach',
  'custom',
  'pushContent',
  'pushPayload',
  'apns',
  'replyMsg',
  'threadMsg',
  'antiSpam',
  'isHistoryable',
  'isRoamingable',
  'isSyncable',
  'cc',
  'isPushable',
  'isOfflinable',
  'isUnreadable',
  'needPushNick',
  'needMsgReceipt',
  'needUpdateSession',
] as const;

/** The wire form of a client message: only the fields the protocol carries. */
export function toOutgoing(msg: ClientMsg, resend: boolean): OutgoingMsg {
  const out: Record<string, unknown> = {
    scene: msg.scene,
    to: msg.to,
    type: msg.type,
    idClient: msg.idClient,
  };
  if (resend) out.resend = true;
  for (const field of OUTGOING_FIELDS) if (msg[field] !== undefined) out[field] = msg[field];
  return out as OutgoingMsg;
}

export const keyOf = (msg: ClientMsg) => ({
  scene: msg.scene,
  from: msg.from,
  to: msg.to,
  idServer: msg.idServer!,
  idClient: msg.idClient,
  time: msg.time,
});

export function bySession(msgs: ClientMsg[]): SessionMsgs[] {
  const groups = new Map<string, SessionMsgs>();
  for (const msg of msgs) {
    const group = groups.get(msg.sessionId) ?? {
      sessionId: msg.sessionId,
      scene: msg.scene,
      to: msg.target,
      msgs: [],
    };
    group.msgs.push(msg);
    groups.set(msg.sessionId, group);
  }
  return [...groups.values()];
}
