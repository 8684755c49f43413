// Presence events and subscriptions (document 2: Event, Subscription, and the ranges of its
// table: type 1, 2, 3 or at least 100000, here at most 999999; subscribeTime 60 to 2592000 s, default 2592000;
// validTime 60 to 604800 s, default 604800; broadcastType 1 or 2, default 2).
import { Type, type Static } from '@sinclair/typebox';
import { EVENTS, LIMITS } from '../../constants.ts';
import { Account, Time } from '../common.ts';

const Opt = Type.Optional;

export const EventType = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Integer({ minimum: EVENTS.customTypeMin, maximum: EVENTS.customTypeMax }),
]);

/** Built-in type 1: online state, published by the server at login (value 1) and logout (2). */
export const ONLINE_STATE_EVENT = 1;
export const ONLINE_VALUE = { online: 1, offline: 2 } as const;

export const PublishedEvent = Type.Object(
  {
    type: EventType,
    value: Type.Integer(),
    custom: Opt(Type.String({ maxLength: 1024 })),
    idClient: Opt(Type.String({ maxLength: 64 })),
    validTime: Opt(Type.Integer({ minimum: EVENTS.validTimeMinS, maximum: EVENTS.validTimeMaxS })),
    /** 1: online subscribers only; 2: also kept for those who come online within validTime. */
    broadcastType: Opt(Type.Union([Type.Literal(1), Type.Literal(2)])),
    /** Also deliver to the publisher's other devices. */
    sync: Opt(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PublishedEvent = Static<typeof PublishedEvent>;

export const DeliveredEvent = Type.Object({
  type: Type.Integer(),
  value: Type.Integer(),
  custom: Opt(Type.String()),
  idClient: Opt(Type.String()),
  account: Account,
  time: Time,
  /** Client type of the publisher's device, for online-state events. */
  clientType: Opt(Type.Integer()),
  serverConfig: Opt(Type.String()),
});
export type DeliveredEvent = Static<typeof DeliveredEvent>;

export const Subscription = Type.Object({
  type: Type.Integer(),
  to: Account,
  subscribeTime: Type.Integer(),
  /** When the subscription ends (ms). */
  expiresAt: Time,
  time: Time,
});
export type Subscription = Static<typeof Subscription>;

export const SubscribeAccounts = Type.Array(Account, {
  minItems: 1,
  maxItems: LIMITS.eventAccountsBatch,
});
export const SubscribeTime = Type.Integer({
  minimum: EVENTS.subscribeTimeMinS,
  maximum: EVENTS.subscribeTimeMaxS,
});
