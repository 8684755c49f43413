// The shape of the gateway's handlers. Pre-login commands (protocol `preLogin: true`) run with
// the connection alone; every other command runs with the session the connection logged in with,
// which the connection's login gate checked once before dispatch (403 before login), so no
// handler asserts it again.
import type { CommandName, PreLoginCommandName, ReplyOf, RequestOf } from '@morsel/protocol';
import type { ImConnection, Session } from '../connection.ts';
import type { Gateway } from '../gateway.ts';

/** What a pre-login handler (link negotiation, heartbeat, login itself) receives. */
export interface PreLoginContext {
  connection: ImConnection;
  gateway: Gateway;
  /** The IM's one clock (the app's Clock): every time a handler stores or answers comes from it. */
  now(): number;
}

/** What a logged-in handler (and a sync source) receives: the session is always there. */
export interface HandlerContext extends PreLoginContext {
  session: Session;
}

/** The context a command's handler receives, from the protocol's `preLogin` flag. */
export type ContextOf<N extends CommandName> = N extends PreLoginCommandName
  ? PreLoginContext
  : HandlerContext;

/**
 * The handlers of some commands, typed from the protocol table. (The function type is written out
 * rather than named, so a handler can serve another command of the same shape: super teams.)
 */
export type HandlerTable = {
  [N in CommandName]?: (context: ContextOf<N>, params: RequestOf<N>) => Promise<ReplyOf<N> | void>;
};
