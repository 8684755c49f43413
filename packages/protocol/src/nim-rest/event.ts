// NIM's event-subscription actions (/nimserver/event/subscribe/*.action): an app's backend
// subscribes one of its accounts to others' presence events (type 1 the online state, or the
// app's own types), with the limits of the IM link's subscribeEvent.
import { Type } from '@sinclair/typebox';
import { EVENTS, LIMITS } from '../constants.ts';
import { defineNimActions, NoReply, strict } from './define.ts';
import { AccidField, AccidListField } from './fields.ts';

/** Publishers per call, as the IM link's subscribeEvent. */
export const EVENT_PUBLISHERS_MAX = LIMITS.eventAccountsBatch;

const EventTypeField = Type.String({
  // 1-3 built in, 100000-999999 the app's own (EVENTS.customTypeMin..customTypeMax).
  pattern: '^([123]|[1-9][0-9]{5})$',
  description: `1 online state, 2-3 built in, ${EVENTS.customTypeMin}-${EVENTS.customTypeMax} custom`,
});
const Publishers = AccidListField(EVENT_PUBLISHERS_MAX);

const Subscribed = Type.Object({ accid: AccidField, eventType: EventTypeField }, strict);
const ToPublishers = Type.Object(
  { accid: AccidField, eventType: EventTypeField, publisherAccids: Publishers },
  strict,
);

export const EVENT_ACTIONS = defineNimActions({
  'event/subscribe/add': {
    summary: `Subscribes \`accid\` to the events of up to ${EVENT_PUBLISHERS_MAX} accounts for ttl seconds`,
    form: Type.Object(
      {
        ...ToPublishers.properties,
        ttl: Type.String({
          pattern: '^[0-9]{1,7}$',
          description: `${EVENTS.subscribeTimeMinS}-${EVENTS.subscribeTimeMaxS} seconds`,
        }),
      },
      strict,
    ),
    reply: Type.Object({
      failedAccid: Type.Array(Type.String(), { description: 'the accids that do not exist' }),
    }),
  },
  'event/subscribe/delete': {
    summary: "Ends `accid`'s subscriptions to these accounts' events of the type",
    form: ToPublishers,
    reply: Type.Object({ failedAccid: Type.Array(Type.String()) }),
  },
  'event/subscribe/batchdel': {
    summary: "Ends all of `accid`'s subscriptions of the type",
    form: Subscribed,
    reply: NoReply,
  },
  'event/subscribe/query': {
    summary: "`accid`'s live subscriptions of the type to these accounts",
    form: ToPublishers,
    reply: Type.Object({
      subscribes: Type.Array(
        Type.Object({
          accid: Type.String(),
          eventType: Type.Number(),
          expireTime: Type.Number(),
          relationTime: Type.Number(),
        }),
      ),
    }),
  },
});
