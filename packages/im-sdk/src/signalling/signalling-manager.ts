// Call signalling (document 2: Signalling; docs/im-signal.md) with NIM's method names, and NIM's
// four events raised through an event emitter, as NIM's `nim.on(name, handler)` does:
// signalingNotify (something happened in a channel or to an invitation), signalingMutilClientSyncNotify
// (another device of this account answered: NIM's spelling), signalingUnreadMessageSyncNotify
// (invitations kept while offline, at login) and signalingChannelsSyncNotify (the channels this
// account is in, at login).
// socket.io's emitter: engine.io-client (the transport) brings it into every bundle anyway.
import { Emitter } from '@socket.io/component-emitter';
import {
  ImError,
  type PushParams,
  type ReplyOf,
  type RequestOf,
  type SignalEventType,
} from '@morsel/protocol';
import type { OnPush, Send } from '../context.ts';
import { withDone, type Done } from '../util/done.ts';

export interface SignallingContext {
  send: Send;
  onPush: OnPush;
}

/** A channel with its members (times in ms since the epoch). */
export type SignalingChannel = ReplyOf<'signalingCreate'>;
export type SignalingMember = SignalingChannel['members'][number];

/**
 * A notification as NIM's SDK shapes it: the channel's fields, the event, who caused it, and the
 * push settings flattened (`needPush`, `pushContent`...); `attach` is the sender's attachExt.
 */
export interface SignalingNotify {
  eventType: SignalEventType;
  msgid: string;
  time: number;
  type: number;
  channelName: string;
  channelId: string;
  channelCreateTime: number;
  channelExpireTime: number;
  creator: string;
  ext?: string;
  from: string;
  to?: string;
  requestId?: string;
  attach?: string;
  member?: SignalingMember;
  needPush?: boolean;
  needBadge?: boolean;
  pushTitle?: string;
  pushContent?: string;
  pushPayload?: string;
}

/** NIM's signalling events and their arguments. */
export interface SignalingEvents {
  signalingNotify: [notify: SignalingNotify];
  signalingMutilClientSyncNotify: [notify: SignalingNotify];
  signalingUnreadMessageSyncNotify: [notifies: SignalingNotify[]];
  signalingChannelsSyncNotify: [channels: SignalingChannel[]];
}

type SignalingListener<E extends keyof SignalingEvents> = (...args: SignalingEvents[E]) => void;

/** What `nim.on`, `once`, `off` and the pushes use of the emitter. */
export interface SignalingEmitter {
  on<E extends keyof SignalingEvents>(event: E, handler: SignalingListener<E>): unknown;
  once<E extends keyof SignalingEvents>(event: E, handler: SignalingListener<E>): unknown;
  /** Without a handler, every handler of the event. */
  off<E extends keyof SignalingEvents>(event: E, handler?: SignalingListener<E>): unknown;
  emit<E extends keyof SignalingEvents>(event: E, ...args: SignalingEvents[E]): unknown;
}

type WireNotify = PushParams<'signalingNotify'>;

export function toSignalingNotify(wire: WireNotify): SignalingNotify {
  const { attachExt, pushInfo, ...rest } = wire;
  return {
    ...rest,
    ...(attachExt !== undefined && { attach: attachExt }),
    ...pushInfo,
  };
}

type WithDone<P, R> = P & { done?: Done<R> };

export class SignallingManager {
  /** The events NIM raises through `nim.on`. */
  // The emitter's own types resolve listener types through conditional types TypeScript cannot
  // narrow for a generic event name; the interface above says the same for callers.
  readonly events = new Emitter() as unknown as SignalingEmitter;

  constructor(private readonly context: SignallingContext) {
    context.onPush('signalingNotify', (notify) =>
      this.events.emit('signalingNotify', toSignalingNotify(notify)),
    );
    context.onPush('signalingMultiClientSync', (notify) =>
      this.events.emit('signalingMutilClientSyncNotify', toSignalingNotify(notify)),
    );
    context.onPush('signalingUnreadSync', ({ notifies }) =>
      this.events.emit('signalingUnreadMessageSyncNotify', notifies.map(toSignalingNotify)),
    );
    context.onPush('signalingChannelsSync', ({ channels }) =>
      this.events.emit('signalingChannelsSyncNotify', channels),
    );
  }

  /**
   * Creates a channel. A name already in use (10405) is not a failure to the caller that wants
   * that channel: like NIM's SDK, it answers the existing channel's info instead.
   */
  signalingCreate(
    options: WithDone<RequestOf<'signalingCreate'>, SignalingChannel>,
  ): Promise<SignalingChannel> {
    const { done, ...params } = options;
    const work = this.context.send('signalingCreate', params).catch((error: unknown) => {
      if (error instanceof ImError && error.code === 10405 && params.channelName !== undefined)
        return this.context.send('signalingGetChannelInfo', { channelName: params.channelName });
      throw error;
    });
    return withDone(work, done);
  }

  signalingDelay(
    options: WithDone<RequestOf<'signalingDelay'>, SignalingChannel>,
  ): Promise<SignalingChannel> {
    const { done, ...params } = options;
    return withDone(this.context.send('signalingDelay', params), done);
  }

  signalingClose(options: WithDone<RequestOf<'signalingClose'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingClose', params).then(() => {}),
      done,
    );
  }

  signalingGetChannelInfo(
    options: WithDone<RequestOf<'signalingGetChannelInfo'>, SignalingChannel>,
  ): Promise<SignalingChannel> {
    const { done, ...params } = options;
    return withDone(this.context.send('signalingGetChannelInfo', params), done);
  }

  signalingJoin(
    options: WithDone<RequestOf<'signalingJoin'>, SignalingChannel>,
  ): Promise<SignalingChannel> {
    const { done, ...params } = options;
    return withDone(this.context.send('signalingJoin', params), done);
  }

  signalingLeave(options: WithDone<RequestOf<'signalingLeave'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingLeave', params).then(() => {}),
      done,
    );
  }

  signalingInvite(options: WithDone<RequestOf<'signalingInvite'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingInvite', params).then(() => {}),
      done,
    );
  }

  signalingCancel(options: WithDone<RequestOf<'signalingCancel'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingCancel', params).then(() => {}),
      done,
    );
  }

  signalingReject(options: WithDone<RequestOf<'signalingReject'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingReject', params).then(() => {}),
      done,
    );
  }

  /** Accepts an invitation; with `autoJoin` it also joins and resolves with the channel. */
  signalingAccept(
    options: WithDone<RequestOf<'signalingAccept'>, SignalingChannel | undefined>,
  ): Promise<SignalingChannel | undefined> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingAccept', params).then((reply) => reply.channel),
      done,
    );
  }

  signalingControl(options: WithDone<RequestOf<'signalingControl'>, void>): Promise<void> {
    const { done, ...params } = options;
    return withDone(
      this.context.send('signalingControl', params).then(() => {}),
      done,
    );
  }

  /** Creates a channel, joins it and invites `account`, in one call. */
  signalingCall(
    options: WithDone<RequestOf<'signalingCall'>, SignalingChannel>,
  ): Promise<SignalingChannel> {
    const { done, ...params } = options;
    return withDone(this.context.send('signalingCall', params), done);
  }
}
