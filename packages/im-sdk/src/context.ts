// The pieces a manager may be given, each a plain function or object so a test can hand in a
// fake. A manager declares its own context interface from these, naming only what it uses; the
// instance (instance/instance.ts) provides all of them and the facade passes each manager its
// part. Other managers are never reached through the context: a manager that needs one takes it
// as an explicit constructor argument.
import type { CommandName, PushName, ReplyOf, RequestOf, SyncCategory } from '@morsel/protocol';
import type { PushHandler } from './link/push-handlers.ts';
import type { NimCallbacks } from './options.ts';

/** Sends a command of the protocol table and resolves its typed reply (errors are ImError). */
export type Send = <N extends CommandName>(
  name: N,
  params: RequestOf<N>,
  options?: { timeoutMs?: number },
) => Promise<ReplyOf<N>>;

/**
 * Registers a handler for a server push; it gets the push's parameters as the protocol types
 * them. Handlers of one push run in registration order, each on its own (one that throws is
 * logged and the others still run).
 */
export type OnPush = <N extends PushName>(name: N, handler: PushHandler<N>) => void;

export type CallbackName = keyof NimCallbacks;
export type CallbackArgs<K extends CallbackName> = Parameters<NonNullable<NimCallbacks[K]>>;

/** Calls the application's callback of that name (NIM's `on…` options) when it set one. */
export type Emit = <K extends CallbackName>(name: K, ...args: CallbackArgs<K>) => void;

/** Runs a hook when each login's sync starts (before its first reply is handled). */
export type OnSyncStart = (hook: () => void) => void;

/** Runs a hook when each login's sync is done, before the held pushes and `onsyncdone`. */
export type OnSyncDone = (hook: () => void) => void;

/**
 * Moves a sync category's timetag forward (never back) for data that reached the device live;
 * ignored until this connection's sync succeeded (the server still owes what came before).
 */
export type AdvanceTimetag = (category: SyncCategory, time: number) => void;

/** The part of the logger managers use: things that went wrong but need no callback. */
export interface Warn {
  warn(...args: unknown[]): void;
}
