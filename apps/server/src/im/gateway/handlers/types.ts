import type { CommandName, ReplyOf, RequestOf } from '@morsel/protocol';
import type { ImConnection } from '../connection.ts';
import type { Gateway } from '../gateway.ts';

export interface HandlerContext {
  connection: ImConnection;
  gateway: Gateway;
}

/** The handlers of some commands, typed from the protocol table. */
export type HandlerTable = {
  [N in CommandName]?: (
    context: HandlerContext,
    params: RequestOf<N>,
  ) => Promise<ReplyOf<N> | void>;
};
