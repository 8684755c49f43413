// How the chatroom managers reach the server: one command on the room's link, failing with
// 'chatroom not connected' while the room is not entered, settling NIM's `done` as well.
import { ImError, type CommandName, type ReplyOf, type RequestOf } from '@morsel/protocol';
import { withDone, type Done } from '../util/done.ts';
import type { ChatroomLink } from './link.ts';

export type RoomCall = <N extends CommandName, R = ReplyOf<N>>(
  name: N,
  params: RequestOf<N>,
  done?: Done<R>,
  map?: (reply: ReplyOf<N>) => R,
) => Promise<R>;

export function roomCall(link: ChatroomLink): RoomCall {
  return (name, params, done, map) => {
    if (link.state !== 'logined') {
      const error = new ImError(
        'Error_Connection_Socket_State_not_Match',
        'chatroom not connected',
      );
      return withDone(Promise.reject(error), done);
    }
    const reply = link.send(name, params).then((r) => (map ? map(r) : (r as never)));
    return withDone(reply, done);
  };
}

/** NIM's options checks happen before anything is sent: a bad option is Param_Error. */
export function paramError(message: string, done?: Done<never>): Promise<never> {
  return withDone(Promise.reject(new ImError('Param_Error', message)), done);
}
