import type { BusHandler } from './types.ts';

/**
 * The handlers of each channel within one process. Both bus engines keep one of these, so one
 * upstream subscription per channel serves all local subscribers.
 */
export class Subscriptions {
  private readonly byChannel = new Map<string, Set<BusHandler>>();

  /** Adds a handler; true when it is the channel's first (the upstream must subscribe). */
  add(channel: string, handler: BusHandler): boolean {
    let handlers = this.byChannel.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.byChannel.set(channel, handlers);
    }
    handlers.add(handler);
    return first;
  }

  /** Removes a handler; true when the channel has none left (the upstream may unsubscribe). */
  remove(channel: string, handler: BusHandler): boolean {
    const handlers = this.byChannel.get(channel);
    if (!handlers?.delete(handler)) return false;
    if (handlers.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  /** Calls every handler of the channel; one handler's exception does not stop the others. */
  deliver(channel: string, payload: Uint8Array, onError: (error: unknown) => void): void {
    const handlers = this.byChannel.get(channel);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(payload, channel);
      } catch (error) {
        onError(error);
      }
    }
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  clear(): void {
    this.byChannel.clear();
  }
}
