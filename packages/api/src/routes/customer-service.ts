// Customer service (issue 23, docs/customer-service.md, decision 0056): a shopper's conversation
// with the service team, routed to the online agent with the fewest open conversations; the
// agents' workspace (queue, reply, claim, transfer, close, quick replies, the customer's recent
// orders and prizes); the admin API that names agents by mobile.
import { Type } from '@sinclair/typebox';
import { Millis, Mobile, Nullable, StringEnum } from '../schemas/primitives.ts';
import { AwardKind } from '../schemas/views.ts';
import { ADMIN, defineRoutes, LOGGED_IN, LOGGED_IN_READ, UNREADABLE } from './define.ts';

const ConversationParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
const AgentParams = Type.Object({ userId: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
const QuickReplyParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });

/** What a message says: one to 500 characters. */
const MessageText = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

/** waiting: no agent yet (none online, or all full); open: an agent has it; closed: ended. */
const ConversationState = StringEnum(['waiting', 'open', 'closed']);

const MessageView = Type.Object({
  id: Type.Integer(),
  /** shopper, agent, or system (assigned, transferred, closed: shown centred). */
  from: StringEnum(['shopper', 'agent', 'system']),
  /** The agent's name on an agent message, '' otherwise. */
  agentName: Type.String(),
  /** The words; [图片] for a picture. */
  text: Type.String(),
  /** A picture (uploaded through the IM files path), or null for text. */
  image: Nullable(
    Type.Object({
      /** The picture without its metadata, at most 2000 px a side (image operations). */
      url: Type.String(),
      /** A thumbnail of at most 360 px a side (image operations). */
      thumbUrl: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
    }),
  ),
  at: Millis,
});

const ConversationView = Type.Object({
  id: Type.Integer(),
  state: ConversationState,
  /** The assigned agent's name, '' while waiting. */
  agentName: Type.String(),
  /** The page the shopper came from (a path of this site), '' when unknown. */
  source: Type.String(),
  createdAt: Millis,
});

const AgentView = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  /** The agent's IM account in the default IM app (the service team's member). */
  accid: Type.String(),
  online: Type.Boolean(),
  /** Open conversations assigned now. */
  load: Type.Integer(),
});

const QueueItem = Type.Object({
  id: Type.Integer(),
  state: ConversationState,
  /** The shopper's name as chat shows it (nickname, else 用户 and the mobile's last four). */
  customer: Type.String(),
  /** The shopper's mobile, masked. */
  mobile: Type.String(),
  source: Type.String(),
  lastText: Type.String(),
  lastAt: Millis,
  /** The last message is the shopper's: it waits for a reply. */
  awaitingReply: Type.Boolean(),
});

const QuickReply = Type.Object({
  /** null: one of the team's defaults (cannot be deleted). */
  id: Nullable(Type.Integer()),
  text: Type.String(),
});

const NOT_AGENT = [...LOGGED_IN_READ, 'csNotAgent'] as const;
const AGENT_WRITE = [...UNREADABLE, ...LOGGED_IN, 'csNotAgent'] as const;

export const CUSTOMER_SERVICE_ROUTES = defineRoutes({
  'cs.open': {
    summary: 'Opens the shopper’s conversation with customer service (or returns the open one)',
    body: Type.Object({
      /** The page the entry was tapped on (a path of this site). */
      source: Type.Optional(Type.String({ maxLength: 200, pattern: '^(/[^\\s]*)?$' })),
    }),
    data: ConversationView,
    errors: [...UNREADABLE, ...LOGGED_IN, 'tooManyRequests'],
  },
  'cs.messages': {
    summary: 'A conversation’s messages after an id (oldest first, 100 at most)',
    params: ConversationParams,
    querystring: Type.Object({
      after: Type.Optional(Type.String({ pattern: '^(0|[1-9][0-9]{0,15})$' })),
    }),
    data: Type.Object({ conversation: ConversationView, messages: Type.Array(MessageView) }),
    errors: [...UNREADABLE, ...LOGGED_IN_READ, 'csConversationNotFound', 'csNotAssigned'],
  },
  'cs.sendImage': {
    summary:
      'Sends a picture the caller uploaded through the IM files path (JPEG, PNG, GIF or WebP, at most 10 MB): the shopper in their conversation, the assigned agent in theirs',
    params: ConversationParams,
    body: Type.Object({
      url: Type.String({
        minLength: 1,
        maxLength: 1000,
        description: "the upload's url (previewFile's answer)",
      }),
    }),
    data: MessageView,
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'tooManyRequests',
      'csConversationNotFound',
      'csNotAssigned',
      'csConversationClosed',
      'csImageNotFound',
      'csImageNotYours',
      'csImageType',
      'csImageTooLarge',
    ],
  },
  'cs.send': {
    summary: 'Sends a message: the shopper in their conversation, the assigned agent in theirs',
    params: ConversationParams,
    body: Type.Object({ text: MessageText }),
    data: MessageView,
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'tooManyRequests',
      'csConversationNotFound',
      'csNotAssigned',
      'csConversationClosed',
    ],
  },
  'cs.close': {
    summary: 'Ends a conversation (its shopper or its agent)',
    params: ConversationParams,
    data: ConversationView,
    errors: [...UNREADABLE, ...LOGGED_IN, 'csConversationNotFound', 'csNotAssigned'],
  },
  'cs.agentMe': {
    summary: 'The agent’s own profile, with whether they take new conversations now',
    data: AgentView,
    errors: [...NOT_AGENT],
  },
  'cs.agentStatus': {
    summary: 'The agent goes online (sent again every 30 s while the workspace is open) or offline',
    body: Type.Object({ online: Type.Boolean() }),
    data: AgentView,
    errors: [...AGENT_WRITE],
  },
  'cs.queue': {
    summary: 'The agent’s queue: waiting conversations (any agent may take them) and their own',
    data: Type.Object({ waiting: Type.Array(QueueItem), mine: Type.Array(QueueItem) }),
    errors: [...NOT_AGENT],
  },
  'cs.agents': {
    summary: 'The service team, for a transfer: each agent, online or not, with their load',
    data: Type.Object({ agents: Type.Array(AgentView) }),
    errors: [...NOT_AGENT],
  },
  'cs.claim': {
    summary: 'An agent takes a waiting conversation',
    params: ConversationParams,
    data: ConversationView,
    errors: [...AGENT_WRITE, 'csConversationNotFound', 'csNotAssigned', 'csConversationClosed'],
  },
  'cs.transfer': {
    summary: 'The assigned agent hands the conversation to another online agent',
    params: ConversationParams,
    body: Type.Object({ toUserId: Type.Integer({ minimum: 1 }) }),
    data: ConversationView,
    errors: [
      ...AGENT_WRITE,
      'csConversationNotFound',
      'csNotAssigned',
      'csConversationClosed',
      'csAgentNotFound',
      'csAgentOffline',
      'csAgentFull',
      'csTransferToSelf',
    ],
  },
  'cs.customer': {
    summary: 'Beside a conversation: its shopper’s recent orders and prizes (its agent only)',
    params: ConversationParams,
    data: Type.Object({
      customer: Type.String(),
      mobile: Type.String(),
      orders: Type.Array(
        Type.Object({
          orderNo: Type.String(),
          subject: Type.String(),
          /** Fen. */
          amount: Type.Integer(),
          state: StringEnum(['created', 'paid', 'fulfilled', 'refunded', 'closed']),
          createdAt: Millis,
        }),
      ),
      prizes: Type.Array(
        Type.Object({
          id: Type.Integer(),
          campaignId: Type.String(),
          name: Type.String(),
          image: Type.String(),
          kind: AwardKind,
          /** A goods prize: shipped (with its tracking number) or not yet. */
          trackingNo: Nullable(Type.String()),
          wonAt: Millis,
        }),
      ),
    }),
    errors: [...UNREADABLE, ...NOT_AGENT, 'csConversationNotFound', 'csNotAssigned'],
  },
  'cs.quickReplies': {
    summary: 'The agent’s quick replies: the team’s defaults, then their own',
    data: Type.Object({ replies: Type.Array(QuickReply) }),
    errors: [...NOT_AGENT],
  },
  'cs.addQuickReply': {
    summary: 'Adds a quick reply of the agent’s own (20 at most)',
    body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) }),
    data: QuickReply,
    errors: [...AGENT_WRITE, 'csQuickReplyLimit'],
  },
  'cs.deleteQuickReply': {
    summary: 'Deletes one of the agent’s own quick replies',
    params: QuickReplyParams,
    data: Type.Object({ id: Type.Integer() }),
    errors: [...AGENT_WRITE, 'csQuickReplyNotFound'],
  },
  'admin.createServiceAgent': {
    summary: 'Makes a shopper (by mobile) an agent of the service team, with the name shoppers see',
    body: Type.Object(
      {
        /** Someone who has logged in once with this mobile. */
        mobile: Mobile,
        name: Type.String({ minLength: 1, maxLength: 16, pattern: '\\S' }),
      },
      { additionalProperties: false },
    ),
    data: AgentView,
    errors: [...UNREADABLE, ...ADMIN, 'csUserUnknown', 'chatUnavailable', 'chatAccountBlocked'],
  },
  'admin.serviceAgents': {
    summary: 'The service team: every agent with whether they are online and their load',
    data: Type.Object({ agents: Type.Array(AgentView) }),
    errors: [...ADMIN],
  },
  'admin.removeServiceAgent': {
    summary: 'Takes an agent out of the team; their open conversations go back to waiting',
    params: AgentParams,
    data: Type.Object({ userId: Type.Integer(), returned: Type.Integer() }),
    errors: [...UNREADABLE, ...ADMIN, 'csAgentNotFound'],
  },
});
