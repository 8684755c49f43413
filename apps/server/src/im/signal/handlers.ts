// The signalling commands (service 15) on the rules of signalling.ts.
import { CommandError, type HandlerContext, type HandlerTable } from '../gateway/index.ts';
import type { Signalling } from './signalling.ts';

/** Whether the server API's user/muteAv keeps the account from calls. */
export type AvMuted = (session: HandlerContext['session']) => Promise<boolean>;

const callerOf = ({ session, connection }: HandlerContext) => ({
  session,
  connectionId: connection.id,
});

export function signalHandlers(
  signalling: Signalling,
  avMuted: AvMuted = async () => false,
): HandlerTable {
  /** An account muted for audio and video starts no call and invites no one (NIM's muteAv). */
  const mayCall = async (context: HandlerContext) => {
    if (await avMuted(context.session))
      throw new CommandError(403, 'the account is muted for audio and video (user/muteAv)');
  };
  return {
    async signalingCreate(context, params) {
      return signalling.describe(await signalling.create(callerOf(context), params));
    },
    signalingDelay: (context, { channelId }) => signalling.delay(callerOf(context), channelId),
    signalingClose: (context, params) => signalling.close(callerOf(context), params),
    signalingJoin: (context, params) => signalling.join(callerOf(context), params),
    signalingLeave: (context, params) => signalling.leave(callerOf(context), params),
    async signalingInvite(context, params) {
      await mayCall(context);
      return signalling.invite(callerOf(context), params);
    },
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
    signalingJoinAndAccept: (context, params) =>
      signalling.joinAndAccept(callerOf(context), params),
    async signalingCall(context, params) {
      await mayCall(context);
      return signalling.call(callerOf(context), params);
    },
  };
}
