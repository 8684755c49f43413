// Service event (14): presence events, published and pushed, and subscriptions to them.
// Shapes: shapes/events.ts.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account } from './common.ts';
import {
  DeliveredEvent,
  EventType,
  PublishedEvent,
  SubscribeAccounts,
  SubscribeTime,
  Subscription,
} from './shapes/events.ts';

export const eventsCommands = {
  publishEvent: command(14, 1, 'publishEvent', {
    request: Params({ event: PublishedEvent }),
    reply: Params({ event: DeliveredEvent }),
  }),
  pushEvent: push(14, 2, 'pushEvent', Params({ event: DeliveredEvent })),
  subscribeEvent: command(14, 3, 'subscribeEvent', {
    request: Params({
      type: EventType,
      accounts: SubscribeAccounts,
      subscribeTime: Type.Optional(SubscribeTime),
      sync: Type.Optional(Type.Boolean()),
    }),
    reply: Params({ failedAccounts: Type.Array(Account), events: Type.Array(DeliveredEvent) }),
  }),
  unSubscribeEventsByAccounts: command(14, 4, 'unSubscribeEventsByAccounts', {
    request: Params({ type: EventType, accounts: SubscribeAccounts }),
  }),
  unSubscribeEventsByType: command(14, 5, 'unSubscribeEventsByType', {
    request: Params({ type: EventType }),
  }),
  querySubscribeEventsByAccounts: command(14, 6, 'querySubscribeEventsByAccounts', {
    request: Params({ type: EventType, accounts: SubscribeAccounts }),
    reply: Params({ subscriptions: Type.Array(Subscription) }),
  }),
  querySubscribeEventsByType: command(14, 7, 'querySubscribeEventsByType', {
    request: Params({ type: EventType }),
    reply: Params({ subscriptions: Type.Array(Subscription) }),
  }),
  pushEvents: push(14, 9, 'pushEvents', Params({ events: Type.Array(DeliveredEvent) })),
};
