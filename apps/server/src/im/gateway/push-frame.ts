// The one place a push's typed parameters become a frame. Every push function of the gateway
// takes the push's name and its parameters as the command table types them (`PushParams<N>`), so
// a push the protocol does not declare, or a wrong or missing field, fails the typecheck.
import { COMMANDS, type Frame, type PushName, type PushParams } from '@morsel/protocol';

export function pushFrame<N extends PushName>(name: N, params: PushParams<N>): Frame {
  const def = COMMANDS[name];
  return { sid: def.sid, cid: def.cid, ser: 0, code: 0, body: params };
}
