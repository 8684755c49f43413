// The one place a push's typed parameters become a frame. Every push function of the gateway
// takes the push's name and its parameters as the command table types them (`PushParams<N>`), so
// a push the protocol does not declare, or a wrong or missing field, fails the typecheck.
import {
  COMMANDS,
  encodeFrame,
  reframe,
  type Frame,
  type PushName,
  type PushParams,
} from '@morsel/protocol';

export function pushFrame<N extends PushName>(name: N, params: PushParams<N>): Frame {
  const def = COMMANDS[name];
  return { sid: def.sid, cid: def.cid, ser: 0, code: 0, body: params };
}

/**
 * Pushes encoded by the gateway, by their parameters object: a command that answers with the very
 * object it pushed (sendMsg replies `{ msg }`, the push the recipient gets) is answered with the
 * same bytes under the reply's header instead of packing the message a second time. Parameters
 * are never changed after they are pushed (the push's bytes are fixed when it leaves).
 */
const encodedPushes = new WeakMap<object, Uint8Array>();

/** Encodes a push; the bytes are kept for a reply with the same parameters object. */
export function encodePush<N extends PushName>(name: N, params: PushParams<N>): Uint8Array {
  const frame = encodeFrame(pushFrame(name, params));
  encodedPushes.set(params, frame);
  return frame;
}

/** The reply frame for `body` when it was pushed as it is, else undefined (pack it). */
export function replyFromPush(
  header: Omit<Frame, 'body'>,
  body: Record<string, unknown>,
): Uint8Array | undefined {
  const pushed = encodedPushes.get(body);
  return pushed && reframe(pushed, header);
}
