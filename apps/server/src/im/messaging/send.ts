// Sending: check the message, resolve its conversation, run the guards (blacklists, mutes... as
// features add them), store it durably, then deliver it to every device of its audience.
import { checkOutgoingMsg, type Msg, type OutgoingMsg } from '@morsel/protocol';
import { CommandError, type Session, type Gateway } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';
import { insertMessage, type StoredBody } from './message-store.ts';
import type { Conversation, SceneRegistry } from './scenes.ts';

/** A check before a message is stored; throws CommandError (e.g. 7101 when blacklisted). */
export type SendGuard = (context: { session: Session; msg: OutgoingMsg; conversation: Conversation }) => Promise<void>;

export interface SendDeps {
  store: Store;
  gateway: Gateway;
  scenes: SceneRegistry;
  guards: SendGuard[];
  now: () => number;
}

export async function sendMessage(deps: SendDeps, session: Session, connectionId: string, outgoing: OutgoingMsg): Promise<Msg> {
  const problem = checkOutgoingMsg(outgoing);
  if (problem) throw new CommandError(414, problem);
  const conversation = await deps.scenes.get(outgoing.scene).forSending(session.appKey, session.accid, outgoing.to);
  for (const guard of deps.guards) await guard({ session, msg: outgoing, conversation });

  const { resend: _resend, ...fields } = outgoing;
  const body: StoredBody = {
    ...fields,
    from: session.accid,
    fromNick: session.nick,
    fromClientType: session.clientType,
    fromDeviceId: session.deviceId,
  };
  const inserted = await insertMessage(deps.store.db, {
    appKey: session.appKey,
    convKey: conversation.convKey,
    body,
    now: deps.now(),
    ...(outgoing.needUpdateSession !== false && { sessions: { scene: conversation.scene, refs: conversation.sessions } }),
  });
  // Delivered after the commit. A duplicate (a resend whose first try was stored) is delivered
  // again: the first delivery may have been lost with a crashed process, and clients drop a
  // message whose idServer they already hold.
  if (conversation.group) {
    await deps.gateway.pushToGroup(conversation.group, 'msg', { msg: inserted.msg });
  } else {
    // Connection ids are unique, so `except` skips only the sending device.
    await deps.gateway.pushToAccounts(conversation.audience, 'msg', { msg: inserted.msg }, connectionId);
  }
  return inserted.msg;
}
