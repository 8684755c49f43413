// Plain fakes of the pieces a manager's context is made of, for the managers' own tests: a
// `send` that answers from per-command functions and records every call, a real push registry
// the test pushes into, an `emit` that records callbacks, a memory store, sync hooks the test
// runs. A test hands a manager only the pieces its context names.
import {
  ImError,
  type CommandName,
  type Msg,
  type PushName,
  type PushParams,
  type ReplyOf,
  type RequestOf,
  type SyncCategory,
} from '@morsel/protocol';
import type { CallbackArgs, CallbackName, Emit, OnPush, Send } from './context.ts';
import { PushHandlers } from './link/push-handlers.ts';
import { MemoryStore } from './store/memory-store.ts';

/** How the fake server answers: a reply (or a thrown ImError) per command; others reject. */
export type FakeReplies = {
  [N in CommandName]?: (params: RequestOf<N>) => ReplyOf<N> | Promise<ReplyOf<N>>;
};

export function fakeContext(replies: FakeReplies = {}, account = 'me') {
  const sent: { name: CommandName; params: unknown }[] = [];
  const emitted: { name: CallbackName; args: unknown[] }[] = [];
  const warnings: unknown[][] = [];
  const advanced: [SyncCategory, number][] = [];
  const registry = new PushHandlers();
  const syncStartHooks: (() => void)[] = [];
  const syncDoneHooks: (() => void)[] = [];

  const send: Send = async <N extends CommandName>(name: N, params: RequestOf<N>) => {
    sent.push({ name, params });
    const reply = replies[name] as ((params: RequestOf<N>) => ReplyOf<N>) | undefined;
    if (!reply) throw new ImError(404, `the fake server has no reply for ${name}`);
    return reply(params);
  };
  const onPush: OnPush = (name, handler) => registry.on(name, handler);
  const emit: Emit = (name, ...args) => void emitted.push({ name, args });

  return {
    account,
    send,
    onPush,
    emit,
    store: new MemoryStore(),
    logger: { warn: (...args: unknown[]) => void warnings.push(args) },
    onSyncStart: (hook: () => void) => void syncStartHooks.push(hook),
    onSyncDone: (hook: () => void) => void syncDoneHooks.push(hook),
    advanceTimetag: (category: SyncCategory, time: number) => void advanced.push([category, time]),

    // The test's side ----------------------------------------------------------------------------
    sent,
    emitted,
    warnings,
    advanced,
    /** The commands sent, by name, in order. */
    sentNames: () => sent.map((call) => call.name),
    /** The arguments of every call of one callback, in order. */
    calls<K extends CallbackName>(name: K): CallbackArgs<K>[] {
      return emitted.filter((e) => e.name === name).map((e) => e.args as CallbackArgs<K>);
    },
    /** Delivers a push as the link would; a handler that throws fails the test. */
    push<N extends PushName>(name: N, params: PushParams<N>): void {
      const handled = registry.dispatch(name, params as Record<string, unknown>, (error) => {
        throw error;
      });
      if (!handled) throw new Error(`nothing registered for the push ${name}`);
    },
    runSyncStart: () => syncStartHooks.forEach((hook) => hook()),
    runSyncDone: () => syncDoneHooks.forEach((hook) => hook()),
  };
}

export type FakeContext = ReturnType<typeof fakeContext>;

/** Lets pending promise callbacks run (a reply's `.then`, a done callback). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let serial = 0;

/** A message as the server delivers it (p2p from `from` to `to` unless `extra` says otherwise). */
export function serverMsg(from: string, to: string, time: number, extra: Partial<Msg> = {}): Msg {
  serial++;
  return {
    scene: 'p2p',
    from,
    to,
    type: 0,
    text: `text ${serial}`,
    idClient: `client${serial}`,
    idServer: `server${serial}`,
    fromNick: from,
    fromClientType: 16,
    fromDeviceId: 'device',
    time,
    seq: serial,
    ...extra,
  };
}
