// Push instead of polling (decision 0065): when a conversation changes, its shopper and its
// agent, and every online agent when the queue may have changed, get an online-only custom system
// notification on their IM accounts (the accounts chat in the app gives them, decision 0044).
// The pages fetch on it as they would on a poll, so the notification carries no text and every
// read keeps its permission check. Sent in process through the gateway, which reaches the
// recipient's connections in whichever process holds them (the bus); nothing is stored, so an
// offline device loses nothing it would not fetch on its next open or reconnect.
import type { Kysely } from 'kysely';
import { CS_PUSH_FROM, csPushContent } from '@morsel/api/cs-push';
import { accidsOfShoppers } from '../chat/index.ts';
import type { Gateway } from '../im/gateway/index.ts';
import { onlineOnlyId } from '../im/people/index.ts';
import type { Logger } from '../log.ts';
import type { Database } from '../store/index.ts';
import { findConversation, onlineAgentIds } from './store.ts';

export interface ServicePushDeps {
  db: Kysely<Database>;
  gateway: Gateway;
  /** The default IM app, whose accounts shoppers and agents have. */
  appKey: string;
  now: () => number;
  log: Logger;
}

/** What changed: a message only its parties see, or a move the queue of every agent shows. */
export interface ServiceChange {
  conversationId: number;
  /** The waiting list or an agent's list changed: every online agent's queue refetches. */
  queue: boolean;
  /** Others who must hear it (an agent the conversation just left). */
  also?: readonly number[];
}

export class ServicePush {
  constructor(private readonly deps: ServicePushDeps) {}

  /** Tells the parties; a failure is logged, never the action's (the fallback poll catches up). */
  async changed(change: ServiceChange): Promise<void> {
    try {
      await this.send(change);
    } catch (err) {
      this.deps.log.warn({ err, conversationId: change.conversationId }, 'cs push failed');
    }
  }

  private async send({ conversationId, queue, also = [] }: ServiceChange): Promise<void> {
    const { db, gateway, appKey, now } = this.deps;
    const conversation = await findConversation(db, conversationId);
    if (!conversation) return;
    const users = new Set<number>([conversation.user_id, ...also]);
    if (conversation.agent_user_id !== null) users.add(conversation.agent_user_id);
    if (queue) for (const id of await onlineAgentIds(db, now())) users.add(id);
    const accids = await accidsOfShoppers(db, [...users]);
    const content = csPushContent(conversationId);
    const time = now();
    for (const to of new Set(accids.values())) {
      await gateway.pushToAccount({ appKey, accid: to }, 'customSysMsg', {
        sysMsg: {
          scene: 'p2p',
          to,
          content,
          sendToOnlineUsersOnly: true,
          from: CS_PUSH_FROM,
          time,
          idServer: onlineOnlyId(time),
          type: 'customP2p',
        },
      });
    }
  }
}
