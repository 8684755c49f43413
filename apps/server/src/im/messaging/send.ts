// Sending: check the message, resolve its conversation, run the guards (blacklists, mutes... as
// features add them), store it durably, then deliver it to every device of its audience.
import {
  checkOutgoingMsg,
  encodedSize,
  MAX_MSG_BODY_BYTES,
  type Msg,
  type OutgoingMsg,
} from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { Session } from '../gateway/index.ts';
import type { Gateway } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';
import { insertMessage, type StoredBody } from './message-store.ts';
import type { Conversation, SceneRegistry } from './scenes.ts';
import type { SendQuotas } from './send-quotas.ts';

/** A check of a message before it is stored; throws CommandError (e.g. 7101 when blacklisted, 811: too many forced pushes). */
export type SendGuard = (context: {
  session: Session;
  msg: OutgoingMsg;
  conversation: Conversation;
}) => Promise<void>;

/**
 * A check of anything an account writes into a conversation the other side sees: a message, and
 * the extras shown with one (quick comments, pins, read receipts). Throws CommandError (7101 when
 * the other side blacklisted the writer), so no side channel bypasses what a message may not do.
 */
export type WriteGuard = (context: {
  session: Session;
  conversation: Conversation;
}) => Promise<void>;

/** Runs every write guard; the first refusal is thrown. */
export async function checkWrite(
  guards: readonly WriteGuard[],
  session: Session,
  conversation: Conversation,
): Promise<void> {
  for (const guard of guards) await guard({ session, conversation });
}

/**
 * Told of a message a client sent, once it is stored; must not throw or wait (it runs beside the
 * reply). `ip` is the sending connection's address.
 */
export type SentListener = (sent: { appKey: string; msg: Msg; ip: string }) => void;

export interface SendDeps {
  store: Store;
  gateway: Gateway;
  scenes: SceneRegistry;
  guards: SendGuard[];
  quotas: SendQuotas;
  writeGuards: WriteGuard[];
  now: () => number;
}

export async function sendMessage(
  deps: SendDeps,
  session: Session,
  connectionId: string,
  outgoing: OutgoingMsg,
): Promise<Msg> {
  const problem = checkOutgoingMsg(outgoing);
  if (problem) throw new CommandError(414, problem);
  const conversation = await deps.scenes
    .get(outgoing.scene)
    .forSending(session.appKey, session.accid, outgoing.to);
  await checkWrite(deps.writeGuards, session, conversation);
  for (const guard of deps.guards) await guard({ session, msg: outgoing, conversation });

  const { resend: _resend, ...fields } = outgoing;
  const body: StoredBody = {
    ...fields,
    // The recipient as stored (`Alice` is `alice`), so the message joins the real conversation.
    to: conversation.target,
    from: session.accid,
    fromNick: session.nick,
    fromClientType: session.clientType,
    fromDeviceId: session.deviceId,
  };
  // The stored and delivered size, with what the server adds (time, ids and seq are a few more
  // bytes): every field within its limit can still add up to too much.
  const bytes = encodedSize(body);
  if (bytes > MAX_MSG_BODY_BYTES)
    throw new CommandError(
      405,
      `the message takes ${bytes} bytes; at most ${MAX_MSG_BODY_BYTES} are allowed`,
    );
  // A resend counts again: it may carry a new idClient, and so be a new stored message.
  deps.quotas.charge(session.appKey, session.accid, bytes);
  const inserted = await insertMessage(deps.store.db, {
    appKey: session.appKey,
    convKey: conversation.convKey,
    body,
    now: deps.now(),
    ...(outgoing.needUpdateSession !== false && {
      sessions: { scene: conversation.scene, refs: conversation.sessions },
    }),
  });
  // Delivered after the commit. A duplicate (a resend whose first try was stored) is delivered
  // again: the first delivery may have been lost with a crashed process, and clients drop a
  // message whose idServer they already hold.
  if (conversation.group) {
    await deps.gateway.pushToGroup(conversation.group, 'msg', { msg: inserted.msg });
  } else {
    // Connection ids are unique, so `except` skips only the sending device.
    await deps.gateway.pushToAccounts(
      conversation.audience,
      'msg',
      { msg: inserted.msg },
      connectionId,
    );
  }
  return inserted.msg;
}

/**
 * Sends as `session` and tells the sent listeners: what the sendMsg command and the server API's
 * msg/sendMsg.action both do. `origin` is the sending connection (none for the server API: every
 * device of the sender gets the message) and the caller's address.
 */
export async function sendAndTell(
  deps: SendDeps & { sent: readonly SentListener[] },
  session: Session,
  outgoing: OutgoingMsg,
  origin: { connectionId?: string; ip: string },
): Promise<Msg> {
  const msg = await sendMessage(deps, session, origin.connectionId ?? '', outgoing);
  for (const listener of deps.sent) listener({ appKey: session.appKey, msg, ip: origin.ip });
  return msg;
}
