// The signalling commands (service 15) on the rules of signalling.ts.
import type { HandlerContext, HandlerTable } from '../gateway/index.ts';
import type { Signalling } from './signalling.ts';

const callerOf = ({ session, connection }: HandlerContext) => ({
  session,
  connectionId: connection.id,
});

export function signalHandlers(signalling: Signalling): HandlerTable {
  return {
    async signalingCreate(context, params) {
      return signalling.describe(await signalling.create(callerOf(context), params));
    },
    signalingDelay: (context, { channelId }) => signalling.delay(callerOf(context), channelId),
    signalingClose: (context, params) => signalling.close(callerOf(context), params),
    signalingJoin: (context, params) => signalling.join(callerOf(context), params),
    signalingLeave: (context, params) => signalling.leave(callerOf(context), params),
    signalingInvite: (context, params) => signalling.invite(callerOf(context), params),
    signalingCancel: (context, params) => signalling.cancel(callerOf(context), params),
    async signalingReject(context, params) {
      await signalling.answer(callerOf(context), 'reject', params);
    },
    async signalingAccept(context, params) {
      const channel = await signalling.answer(callerOf(context), 'accept', params);
      return channel ? { channel } : {};
    },
    signalingControl: (context, params) => signalling.control(callerOf(context), params),
    signalingGetChannelInfo: ({ session }, { channelName }) =>
      signalling.channelByName(session, channelName),
    signalingCall: (context, params) => signalling.call(callerOf(context), params),
  };
}
