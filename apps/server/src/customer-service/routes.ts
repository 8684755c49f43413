// Customer service's routes (docs/customer-service.md): the shopper's conversation and the agents'
// workspace. Every check is here, on the server: a shopper reads and writes only their own
// conversation; only agents of the team read the queue; an agent reads and replies only to a
// conversation assigned to them (a waiting one may be read before it is taken).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { chatNick } from '../chat/index.ts';
import { listAllOwnAwards, searchOrders } from '../campaigns/index.ts';
import { findUserById, hitCounter, maskMobile, requireUser } from '../product/index.ts';
import type { ProductContext } from '../product/index.ts';
import type { ServiceImages } from './images.ts';
import { type CustomerService, ONLINE_TTL_MS } from './service.ts';
import {
  agentsWithLoad,
  deleteQuickReply,
  findAgent,
  insertQuickReply,
  loadOf,
  messagesAfter,
  queueRows,
  quickRepliesOf,
  setOnlineUntil,
  type Agent,
  type QueueRow,
} from './store.ts';

/** Conversations a shopper may open in a minute (each tap on the entry opens or finds one). */
export const OPENS_PER_MINUTE = 20;
/** Messages one person may send in a minute. */
export const SENDS_PER_MINUTE = 60;
/** Messages one read returns. */
const PAGE = 100;
/** Conversations each list of the queue shows. */
const QUEUE_MAX = 100;
/** Orders and prizes shown beside a conversation. */
const RECENT = 5;
/** Quick replies an agent may keep of their own. */
export const QUICK_REPLIES_MAX = 20;
/** The team's quick replies every agent has. */
export const DEFAULT_QUICK_REPLIES = [
  '您好，很高兴为您服务，请问有什么可以帮您？',
  '请提供一下您的订单号，我帮您查询。',
  '奖品会在活动结束后7个工作日内发出，请耐心等待。',
  '感谢您的耐心等待，还有其他可以帮您的吗？',
];

export function registerCustomerServiceRoutes(
  scope: FastifyInstance,
  product: ProductContext,
  service: CustomerService,
  images: ServiceImages,
): void {
  const { db } = product;
  const now = () => product.clock.now();

  const shopper = async (request: FastifyRequest) => {
    const user = await requireUser(product, request);
    return { ...user, id: Number(user.id) };
  };

  /** The caller as an agent of the team, or 65300. */
  async function agentOf(request: FastifyRequest): Promise<Agent> {
    const user = await shopper(request);
    const agent = await findAgent(db, user.id);
    if (!agent) throw fail('csNotAgent');
    return agent;
  }

  async function limit(key: string, userId: number, perMinute: number) {
    const at = now();
    const { count } = await hitCounter(db, `${key}:${userId}`, at, at + 60_000);
    if (count > perMinute) throw fail('tooManyRequests');
  }

  const agentView = async (agent: Agent) => ({
    userId: agent.user_id,
    name: agent.name,
    accid: agent.accid,
    online: agent.online_until > now(),
    load: await loadOf(db, agent.user_id),
  });

  const queueItem = (row: QueueRow) => ({
    id: row.id,
    state: row.state,
    customer: chatNick(row),
    mobile: maskMobile(row.mobile),
    source: row.source,
    lastText: row.last_text,
    lastAt: row.last_at,
    awaitingReply: row.last_from === 'shopper',
  });

  /**
   * Who the caller is in a conversation: its shopper, its assigned agent, or (reading only) an
   * agent looking at a waiting one. Anyone else: 65302, or 65301 for a shopper who is no agent
   * (a stranger learns nothing about other shoppers' conversations).
   */
  async function party(request: FastifyRequest, id: number, reading: boolean) {
    const user = await shopper(request);
    const conversation = await service.existing(id);
    if (conversation.user_id === user.id) return { conversation, as: 'shopper' as const, user };
    const agent = await findAgent(db, user.id);
    if (!agent) throw fail('csConversationNotFound');
    if (conversation.agent_user_id === agent.user_id)
      return { conversation, as: 'agent' as const, agent, user };
    if (reading && conversation.state === 'waiting')
      return { conversation, as: 'agent' as const, agent, user };
    throw fail('csNotAssigned');
  }

  route(scope, 'cs.open', async (request) => {
    const user = await shopper(request);
    await limit('cs.open', user.id, OPENS_PER_MINUTE);
    const conversation = await service.open(user.id, request.body.source ?? '');
    return ok(await service.conversationView(conversation));
  });

  route(scope, 'cs.messages', async (request) => {
    const id = Number(request.params.id);
    const { conversation } = await party(request, id, true);
    const after = Number(request.query.after ?? 0);
    const messages = await messagesAfter(db, id, after, PAGE);
    return ok({
      conversation: await service.conversationView(conversation),
      messages: await service.messageViews(messages),
    });
  });

  route(scope, 'cs.send', async (request) => {
    const id = Number(request.params.id);
    const who = await party(request, id, false);
    await limit('cs.send', who.user.id, SENDS_PER_MINUTE);
    const from =
      who.as === 'shopper'
        ? ({ sender: 'shopper' } as const)
        : ({ sender: 'agent', agent: who.agent } as const);
    const message = await service.send(who.conversation, from, { text: request.body.text });
    const [view] = await service.messageViews([message]);
    return ok(view!);
  });

  route(scope, 'cs.sendImage', async (request) => {
    const id = Number(request.params.id);
    const who = await party(request, id, false);
    if (who.conversation.state === 'closed') throw fail('csConversationClosed');
    await limit('cs.send', who.user.id, SENDS_PER_MINUTE);
    const image = await images.accept(who.user.id, request.body.url);
    const from =
      who.as === 'shopper'
        ? ({ sender: 'shopper' } as const)
        : ({ sender: 'agent', agent: who.agent } as const);
    const message = await service.send(who.conversation, from, { image });
    const [view] = await service.messageViews([message]);
    return ok(view!);
  });

  route(scope, 'cs.close', async (request) => {
    const id = Number(request.params.id);
    await party(request, id, false);
    return ok(await service.conversationView(await service.close(id)));
  });

  route(scope, 'cs.agentMe', async (request) => ok(await agentView(await agentOf(request))));

  route(scope, 'cs.agentStatus', async (request) => {
    const agent = await agentOf(request);
    const until = request.body.online ? now() + ONLINE_TTL_MS : 0;
    await setOnlineUntil(db, agent.user_id, until);
    // A newly online agent takes the longest-waiting conversations, up to their share.
    if (request.body.online) await service.assignWaiting();
    return ok(await agentView({ ...agent, online_until: until }));
  });

  route(scope, 'cs.queue', async (request) => {
    const agent = await agentOf(request);
    const [waiting, mine] = await Promise.all([
      queueRows(db, { state: 'waiting' }, QUEUE_MAX),
      queueRows(db, { state: 'open', agentUserId: agent.user_id }, QUEUE_MAX),
    ]);
    return ok({
      waiting: waiting.filter((row) => row.user_id !== agent.user_id).map(queueItem),
      mine: mine.map(queueItem),
    });
  });

  route(scope, 'cs.agents', async (request) => {
    await agentOf(request);
    return ok({ agents: (await agentsWithLoad(db)).map(agentListItem(now())) });
  });

  route(scope, 'cs.claim', async (request) => {
    const agent = await agentOf(request);
    const conversation = await service.claim(agent, Number(request.params.id));
    return ok(await service.conversationView(conversation));
  });

  route(scope, 'cs.transfer', async (request) => {
    const agent = await agentOf(request);
    const id = Number(request.params.id);
    const conversation = await service.transfer(agent, id, request.body.toUserId);
    return ok(await service.conversationView(conversation));
  });

  route(scope, 'cs.customer', async (request) => {
    const agent = await agentOf(request);
    const conversation = await service.assignedTo(agent, Number(request.params.id));
    const customer = (await findUserById(db, conversation.user_id))!;
    const [orders, prizes] = await Promise.all([
      searchOrders(db, { userId: conversation.user_id, limit: RECENT }),
      listAllOwnAwards(db, conversation.user_id),
    ]);
    return ok({
      customer: chatNick(customer),
      mobile: maskMobile(customer.mobile),
      orders: orders.map((order) => ({
        orderNo: order.order_no,
        subject: order.subject,
        amount: Number(order.amount),
        state: order.state,
        createdAt: Number(order.created_at),
      })),
      prizes: prizes.slice(0, RECENT).map((award) => ({
        id: Number(award.id),
        campaignId: award.campaign_id,
        name: award.name,
        image: award.image,
        kind: award.kind,
        trackingNo: award.tracking_no,
        wonAt: Number(award.created_at),
      })),
    });
  });

  route(scope, 'cs.quickReplies', async (request) => {
    const agent = await agentOf(request);
    const own = await quickRepliesOf(db, agent.user_id);
    return ok({
      replies: [...DEFAULT_QUICK_REPLIES.map((text) => ({ id: null, text })), ...own],
    });
  });

  route(scope, 'cs.addQuickReply', async (request) => {
    const agent = await agentOf(request);
    const own = await quickRepliesOf(db, agent.user_id);
    if (own.length >= QUICK_REPLIES_MAX) throw fail('csQuickReplyLimit');
    const text = request.body.text.trim();
    const id = await insertQuickReply(db, {
      agent_user_id: agent.user_id,
      text,
      created_at: now(),
    });
    return ok({ id, text });
  });

  route(scope, 'cs.deleteQuickReply', async (request) => {
    const agent = await agentOf(request);
    const id = Number(request.params.id);
    if (!(await deleteQuickReply(db, agent.user_id, id))) throw fail('csQuickReplyNotFound');
    return ok({ id });
  });
}

/** An agent as the team list shows them (the load counted by the list's own query). */
export const agentListItem = (at: number) => (agent: Agent & { load: number }) => ({
  userId: agent.user_id,
  name: agent.name,
  accid: agent.accid,
  online: agent.online_until > at,
  load: agent.load,
});
