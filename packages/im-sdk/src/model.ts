// The client's view of messages, sessions and system messages: the protocol's shapes plus what
// only the client knows (flow, status, local-only flags and custom data).
import type { Msg, Session, SYSMSG_CATEGORIES, SysMsg } from '@morsel/protocol';

export type MsgStatus = 'sending' | 'success' | 'fail';

export interface ClientMsg extends Omit<
  Msg,
  'idServer' | 'seq' | 'fromClientType' | 'fromDeviceId' | 'fromNick'
> {
  idServer?: string;
  seq?: number;
  fromNick?: string;
  fromClientType?: number;
  fromDeviceId?: string;
  sessionId: string;
  /** The other side of the session: the peer account, or the team id. */
  target: string;
  flow: 'in' | 'out';
  status: MsgStatus;
  /** Kept on this device only, never sent. */
  isLocal?: boolean;
  /** The recipient has blacklisted the sender (7101): treated as sent, not delivered. */
  isInBlackList?: boolean;
  localCustom?: string;
}

export interface ClientSession extends Omit<Session, 'lastMsg'> {
  lastMsg?: ClientMsg;
  /** Time of the latest of my messages the peer has read (read receipts). */
  msgReceiptTime?: number;
  isTop?: boolean;
  topCustom?: string;
  localCustom?: string;
}

/** A client message from a delivered one, seen by `me`. */
export function fromServer(msg: Msg, me: string): ClientMsg {
  const outgoing = msg.from === me;
  const target = msg.scene === 'p2p' ? (outgoing ? msg.to : msg.from) : msg.to;
  return {
    ...msg,
    sessionId: `${msg.scene}-${target}`,
    target,
    flow: outgoing ? 'out' : 'in',
    status: 'success',
  };
}

/** A fresh client id: 32 hex characters, unique per message. */
export const newIdClient = () => crypto.randomUUID().replace(/-/g, '');

export type SysMsgUnread = Record<(typeof SYSMSG_CATEGORIES)[number], number> & { total: number };

/**
 * A system message on this device: the server's fields plus two of the SDK's own (document 2):
 * `status` ('success' once received; deleting it here makes it 'deleted') and `localCustom`
 * (the application's note, never sent).
 */
export type ClientSysMsg = SysMsg & { status: 'success' | 'deleted'; localCustom?: string };

/**
 * A delete notice as onsysmsg raises it: a recall (deleteMsg, deleteMsgSuperTeam) or a one-way
 * delete by another of my devices (deleteMsgP2pOneWay, deleteMsgTeamOneWay). Its idServer is the
 * deleted message's; it is not stored and not counted unread.
 */
export type DeleteNotice = Omit<
  SysMsg,
  'type' | 'deletedIdServer' | 'deletedIdClient' | 'deletedMsgTime'
> & {
  type: 'deleteMsg' | 'deleteMsgSuperTeam' | 'deleteMsgP2pOneWay' | 'deleteMsgTeamOneWay';
  sessionId: string;
  deletedIdServer: string;
  deletedIdClient: string;
  deletedMsgTime: number;
};
