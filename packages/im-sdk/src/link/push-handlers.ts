// The typed registration of server pushes: `on(name, handler)` gives the handler the push's
// parameters as the protocol's command table types them (`PushParams<N>`), so a handler reading a
// field the push does not carry fails the typecheck. The link keeps one for the pushes it handles
// itself (kicked); the instance keeps one for the managers.
import type { PushName, PushParams } from '@morsel/protocol';

export type PushHandler<N extends PushName> = (params: PushParams<N>) => void;

export class PushHandlers {
  // A handler of any push takes at least `never`: stored by name, called only with that name.
  private readonly byName = new Map<PushName, PushHandler<never>[]>();

  on<N extends PushName>(name: N, handler: PushHandler<N>): void {
    const handlers = this.byName.get(name) ?? [];
    handlers.push(handler);
    this.byName.set(name, handlers);
  }

  handles(name: PushName): boolean {
    return this.byName.has(name);
  }

  /** The pushes something registered for (the push table test compares them with the protocol). */
  names(): PushName[] {
    return [...this.byName.keys()];
  }

  /**
   * Calls every handler of the push; one that throws is reported and the others still run.
   * Returns false when nothing registered for it.
   */
  dispatch(
    name: PushName,
    params: Record<string, unknown>,
    failed: (error: unknown) => void,
  ): boolean {
    const handlers = this.byName.get(name);
    if (!handlers) return false;
    for (const handler of handlers) {
      try {
        // The one cast of the received pushes: the body is what the server built from the same
        // table (its gateway takes `PushParams<N>` only), decoded from MessagePack.
        (handler as (params: Record<string, unknown>) => void)(params);
      } catch (error) {
        failed(error);
      }
    }
    return true;
  }
}
