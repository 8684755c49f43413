import type { Bus, BusHandler, Unsubscribe } from './types.ts';
import { Subscriptions } from './subscriptions.ts';

/** The in-process bus: the default when one server process serves everything. */
export class MemoryBus implements Bus {
  readonly kind = 'memory';
  private readonly subscriptions = new Subscriptions();
  private closed = false;

  constructor(private readonly onHandlerError: (error: unknown) => void = () => {}) {}

  async publish(channel: string, payload: Uint8Array): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    // Delivered on a later tick, as a networked bus would, so callers never rely on re-entrancy.
    queueMicrotask(() => this.subscriptions.deliver(channel, payload, this.onHandlerError));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    if (this.closed) throw new Error('bus closed');
    this.subscriptions.add(channel, handler);
    return async () => {
      this.subscriptions.remove(channel, handler);
    };
  }

  /** Never called: nothing between processes to lose. */
  onReconnect(_listener: () => void): void {}

  async close(): Promise<void> {
    this.closed = true;
    this.subscriptions.clear();
  }
}
