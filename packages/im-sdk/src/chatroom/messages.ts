// Chatroom messages: sending (text, custom, tip, geo, file-like attachments), history, and the
// batches the server pushes, handed to onmsgs with notifications named (memberEnter, ...).
import {
  type ChatroomMsgInfo,
  type ChatroomNotificationName,
  type PushParams,
  type RequestOf,
} from '@morsel/protocol';
import type { Done } from '../util/done.ts';
import { paramError, type RoomCall } from './call.ts';

export interface ChatroomMessage extends Omit<ChatroomMsgInfo, 'attach'> {
  status: 'success';
  flow: 'in' | 'out';
  attach?: ChatroomMsgInfo['attach'] & { type: ChatroomNotificationName };
}

interface SendOptions {
  custom?: string;
  resend?: boolean;
  idClient?: string;
  skipHistory?: boolean;
  /** Only members whose tags match this tag expression receive it (default: the login's). */
  notifyTargetTags?: string;
  /** Sent from this point: only members that hear it there receive it (spatial messages). */
  location?: { x: number; y: number; z: number };
  done?: Done<ChatroomMessage>;
}

/** Ids this instance sent lately: their echo in a batch is not delivered as incoming. */
const RECENT_SENT = 2000;

export class ChatroomMessages {
  private readonly sent = new Set<string>();

  constructor(
    private readonly call: RoomCall,
    private readonly account: () => string,
  ) {}

  sendText(options: SendOptions & { text: string }) {
    if (typeof options.text !== 'string' || options.text === '')
      return paramError('text is required', options.done);
    return this.send('text', { text: options.text }, options);
  }

  sendCustomMsg(options: SendOptions & { content: string }) {
    if (typeof options.content !== 'string') return paramError('content is required', options.done);
    return this.send('custom', { content: options.content }, options);
  }

  sendTipMsg(options: SendOptions & { tip: string }) {
    if (typeof options.tip !== 'string' || options.tip === '')
      return paramError('tip is required', options.done);
    return this.send('tip', { text: options.tip }, options);
  }

  sendGeo(options: SendOptions & { geo: { lng: number; lat: number; title: string } }) {
    const { geo } = options;
    if (!geo || typeof geo.lng !== 'number' || typeof geo.lat !== 'number')
      return paramError('geo needs numeric lng and lat', options.done);
    return this.send('geo', { content: JSON.stringify(geo) }, options);
  }

  getHistoryMsgs(
    options: {
      timetag?: number;
      limit?: number;
      reverse?: boolean;
      done?: Done<{ msgs: ChatroomMessage[] }>;
    } = {},
  ) {
    return this.call(
      'chatroomGetHistory',
      {
        ...(options.timetag !== undefined && { timetag: options.timetag }),
        ...(options.limit !== undefined && { limit: options.limit }),
        ...(options.reverse !== undefined && { reverse: options.reverse }),
      },
      options.done,
      (reply) => ({ msgs: reply.msgs.map((msg) => this.toMessage(msg)) }),
    );
  }

  /**
   * History by tags: kept messages sent to a tag target naming any of `tags`, between fromTime
   * and toTime (default now); from fromTime oldest first, or (reverse) from toTime newest first.
   */
  getHistoryMsgsByTags(options: {
    tags: string[];
    types?: RequestOf<'chatroomGetHistoryByTags'>['types'];
    fromTime?: number;
    toTime?: number;
    limit?: number;
    reverse?: boolean;
    done?: Done<{ msgs: ChatroomMessage[] }>;
  }) {
    const { tags, types, fromTime, toTime, limit, reverse } = options;
    return this.call(
      'chatroomGetHistoryByTags',
      {
        tags,
        ...(types !== undefined && { types }),
        ...(fromTime !== undefined && { fromTime }),
        ...(toTime !== undefined && { toTime }),
        ...(limit !== undefined && { limit }),
        ...(reverse !== undefined && { reverse }),
      },
      options.done,
      (reply) => ({ msgs: reply.msgs.map((msg) => this.toMessage(msg)) }),
    );
  }

  /** A pushed batch: messages this instance sent itself are left out (its reply had them). */
  received(params: PushParams<'chatroomMsg'>): ChatroomMessage[] {
    const out: ChatroomMessage[] = [];
    for (const msg of params.msgs) {
      if (msg.from === this.account() && this.sent.delete(msg.idClient)) continue;
      out.push(this.toMessage(msg));
    }
    return out;
  }

  private send(
    type: ChatroomMsgInfo['type'] & ('text' | 'custom' | 'tip' | 'geo'),
    body: { text?: string; content?: string },
    options: SendOptions,
  ) {
    const idClient = options.idClient ?? crypto.randomUUID().replace(/-/g, '');
    this.remember(idClient);
    return this.call(
      'chatroomSendMsg',
      {
        msg: {
          idClient,
          type,
          ...body,
          ...(options.custom !== undefined && { custom: options.custom }),
          ...(options.resend !== undefined && { resend: options.resend }),
          ...(options.skipHistory !== undefined && { skipHistory: options.skipHistory }),
          ...(options.notifyTargetTags !== undefined && {
            notifyTargetTags: options.notifyTargetTags,
          }),
          ...(options.location !== undefined && { location: options.location }),
        },
      },
      options.done,
      (reply) => this.toMessage(reply.msg),
    );
  }

  private remember(idClient: string): void {
    this.sent.add(idClient);
    if (this.sent.size > RECENT_SENT) {
      const oldest = this.sent.values().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
  }

  private toMessage(msg: ChatroomMsgInfo): ChatroomMessage {
    return {
      ...msg,
      status: 'success',
      flow: msg.from === this.account() ? 'out' : 'in',
    } as ChatroomMessage;
  }
}
