// Customer service's rules (docs/customer-service.md, decision 0056): a shopper has at most one
// unclosed conversation; it goes to the online agent with the fewest open conversations (below
// MAX_OPEN_PER_AGENT), or waits until an agent comes online, takes it, or frees a place; only
// the assigned agent replies; a transfer moves it to another online agent. Each move is a
// conditional update (store.ts), so two agents taking one conversation cannot both win.
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import type { Database } from '../store/index.ts';
import {
  agentNames,
  closeConversation,
  findAgent,
  findConversation,
  insertConversation,
  insertMessage,
  leastLoadedAgent,
  moveWithinCap,
  moveConversation,
  queueRows,
  unclosedOf,
  type Agent,
  type Conversation,
  type Message,
} from './store.ts';
import { IMAGE_TEXT, type ImageView, type ServiceImage, type ServiceImages } from './images.ts';
import type { ServiceChange } from './push.ts';

/** Conversations an agent serves at once; a full team leaves new ones waiting. */
export const MAX_OPEN_PER_AGENT = 10;
/** Picks of an agent per assignment before the conversation waits (each a full agent's place). */
const ASSIGN_TRIES = 5;
/** An agent is online this long after the workspace's last heartbeat (it beats every 30 s). */
export const ONLINE_TTL_MS = 90_000;
/** Waiting conversations handed out in one pass (when an agent comes online or a place frees). */
const ASSIGN_BATCH = 50;

export const WAITING_NOTICE = '客服人员暂时都在忙，请稍候，我们会尽快为您接入';
export const assignedNotice = (name: string) => `客服「${name}」为您服务`;
export const transferredNotice = (name: string) => `已为您转接到客服「${name}」`;
export const CLOSED_NOTICE = '本次会话已结束，感谢您的咨询';

export interface ConversationView {
  id: number;
  state: Conversation['state'];
  agentName: string;
  source: string;
  createdAt: number;
}

export interface MessageView {
  id: number;
  from: Message['sender'];
  agentName: string;
  text: string;
  image: ImageView | null;
  at: number;
}

export interface CustomerServiceOptions {
  /** Tells the parties at once (push.ts); the pages fetch on it. */
  push?: (change: ServiceChange) => Promise<void>;
  /** Pictures' URLs (images.ts); without it a picture message shows its words only. */
  images?: Pick<ServiceImages, 'view'>;
}

export class CustomerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly options: CustomerServiceOptions = {},
  ) {}

  /** Tells the conversation's parties (and every online agent, for a queue change). */
  async announce(change: ServiceChange): Promise<void> {
    await this.options.push?.(change);
  }

  /** The shopper's unclosed conversation, or a new one routed to an agent by load. */
  async open(userId: number, source: string): Promise<Conversation> {
    const existing = await unclosedOf(this.db, userId);
    if (existing) return existing.state === 'waiting' ? this.tryAssign(existing) : existing;
    const made = await insertConversation(this.db, {
      user_id: userId,
      source,
      created_at: this.now(),
    });
    // Another tab of the shopper opened one first: that one is theirs.
    if (!made) return (await unclosedOf(this.db, userId))!;
    const routed = await this.tryAssign(made);
    if (routed.state === 'waiting') await this.notice(made.id, WAITING_NOTICE);
    return routed;
  }

  /** The agent with the fewest open conversations takes `conversation`, when one is free. */
  async tryAssign(conversation: Conversation): Promise<Conversation> {
    // The least loaded agent may fill up between the pick and the move (others opening at the
    // same instant): then the next one is picked.
    for (let tries = 0; tries < ASSIGN_TRIES; tries += 1) {
      const agent = await leastLoadedAgent(
        this.db,
        this.now(),
        MAX_OPEN_PER_AGENT,
        conversation.user_id,
      );
      if (!agent) break;
      const moved = await moveWithinCap(
        this.db,
        conversation.id,
        null,
        agent.user_id,
        MAX_OPEN_PER_AGENT,
      );
      if (moved === 'full') continue;
      if (moved === 'moved') await this.notice(conversation.id, assignedNotice(agent.name));
      break;
    }
    return (await findConversation(this.db, conversation.id)) ?? conversation;
  }

  /** Hands waiting conversations (oldest first) to free agents, until none is free. */
  async assignWaiting(): Promise<void> {
    const waiting = await queueRows(this.db, { state: 'waiting' }, ASSIGN_BATCH);
    for (const conversation of waiting) {
      const routed = await this.tryAssign(conversation);
      if (routed.state === 'waiting') return;
    }
  }

  /** The agent takes a waiting conversation (from the queue). */
  async claim(agent: Agent, id: number): Promise<Conversation> {
    const conversation = await this.existing(id);
    if (conversation.state === 'closed') throw fail('csConversationClosed');
    if (conversation.agent_user_id === agent.user_id) return conversation;
    if (
      conversation.agent_user_id !== null ||
      conversation.user_id === agent.user_id ||
      !(await moveConversation(this.db, id, null, agent.user_id))
    )
      throw fail('csNotAssigned');
    await this.notice(id, assignedNotice(agent.name));
    return (await findConversation(this.db, id))!;
  }

  /** The assigned agent hands the conversation to another online agent with a free place. */
  async transfer(agent: Agent, id: number, toUserId: number): Promise<Conversation> {
    const conversation = await this.assignedTo(agent, id);
    if (conversation.state === 'closed') throw fail('csConversationClosed');
    if (toUserId === agent.user_id) throw fail('csTransferToSelf');
    const target = await findAgent(this.db, toUserId);
    if (!target || target.user_id === conversation.user_id) throw fail('csAgentNotFound');
    if (target.online_until <= this.now()) throw fail('csAgentOffline');
    const moved = await moveWithinCap(
      this.db,
      id,
      agent.user_id,
      target.user_id,
      MAX_OPEN_PER_AGENT,
    );
    if (moved === 'full') throw fail('csAgentFull');
    if (moved === 'gone') throw fail('csNotAssigned');
    await this.notice(id, transferredNotice(target.name), [agent.user_id]);
    return (await findConversation(this.db, id))!;
  }

  /** Ends the conversation (its shopper, or its agent); its agent's place goes to the queue. */
  async close(id: number): Promise<Conversation> {
    if (await closeConversation(this.db, id, this.now())) {
      await this.notice(id, CLOSED_NOTICE);
      await this.assignWaiting();
    }
    return (await findConversation(this.db, id))!;
  }

  /** A message of the shopper (theirs only) or of the assigned agent. */
  async send(
    conversation: Conversation,
    from: { sender: 'shopper' } | { sender: 'agent'; agent: Agent },
    content: { text: string } | { image: ServiceImage },
  ): Promise<Message> {
    if (conversation.state === 'closed') throw fail('csConversationClosed');
    const message = await insertMessage(this.db, {
      conversation_id: conversation.id,
      sender: from.sender,
      agent_user_id: from.sender === 'agent' ? from.agent.user_id : null,
      created_at: this.now(),
      ...('text' in content
        ? { text: content.text.trim() }
        : {
            text: IMAGE_TEXT,
            image_name: content.image.name,
            image_width: content.image.width,
            image_height: content.image.height,
          }),
    });
    // A waiting shopper who writes again is offered to an agent who came free meanwhile.
    const routed =
      from.sender === 'shopper' && conversation.state === 'waiting'
        ? await this.tryAssign(conversation)
        : conversation;
    // A waiting conversation's last line is in every agent's queue; an open one, in its agent's.
    if (routed.state === conversation.state)
      await this.announce({ conversationId: conversation.id, queue: routed.state === 'waiting' });
    return message;
  }

  /** A conversation that exists, or 65301. */
  async existing(id: number): Promise<Conversation> {
    const conversation = await findConversation(this.db, id);
    if (!conversation) throw fail('csConversationNotFound');
    return conversation;
  }

  /** A conversation assigned to `agent` now, or 65302 (65301 when there is none). */
  async assignedTo(agent: Agent, id: number): Promise<Conversation> {
    const conversation = await this.existing(id);
    if (conversation.agent_user_id !== agent.user_id) throw fail('csNotAssigned');
    return conversation;
  }

  async conversationView(conversation: Conversation): Promise<ConversationView> {
    const names =
      conversation.agent_user_id === null
        ? new Map<number, string>()
        : await agentNames(this.db, [conversation.agent_user_id]);
    return {
      id: conversation.id,
      state: conversation.state,
      agentName:
        conversation.agent_user_id === null ? '' : (names.get(conversation.agent_user_id) ?? ''),
      source: conversation.source,
      createdAt: conversation.created_at,
    };
  }

  async messageViews(messages: readonly Message[]): Promise<MessageView[]> {
    const ids = [...new Set(messages.flatMap((m) => (m.agent_user_id ? [m.agent_user_id] : [])))];
    const names = await agentNames(this.db, ids);
    return messages.map((m) => ({
      id: m.id,
      from: m.sender,
      agentName: m.agent_user_id === null ? '' : (names.get(m.agent_user_id) ?? ''),
      text: m.text,
      image:
        m.image_name === null || !this.options.images
          ? null
          : this.options.images.view({
              name: m.image_name,
              width: m.image_width ?? 0,
              height: m.image_height ?? 0,
            }),
      at: m.created_at,
    }));
  }

  /** A system line of a move (assigned, waiting, transferred, ended): the queue changed too. */
  private async notice(conversationId: number, text: string, also?: number[]): Promise<void> {
    await insertMessage(this.db, {
      conversation_id: conversationId,
      sender: 'system',
      agent_user_id: null,
      text,
      created_at: this.now(),
    });
    await this.announce({ conversationId, queue: true, ...(also && { also }) });
  }
}
