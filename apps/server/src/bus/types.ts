// Fan-out between server processes: a connection's process subscribes to the channels of the
// accounts and rooms it serves; any process publishes to them. Payloads are opaque bytes
// (frames already encoded by the protocol codec), so nothing is serialised twice.

export type BusHandler = (payload: Uint8Array, channel: string) => void;

/** Stops one subscription; idempotent. */
export type Unsubscribe = () => Promise<void>;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Delivers the payload to every current subscriber of the channel, in any process. */
  publish(channel: string, payload: Uint8Array): Promise<void>;
  /** Resolves once the subscription is live: a publish after it is delivered. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  /**
   * Calls `listener` each time the bus is back after losing its connection, once its
   * subscriptions are live again: publishes made meanwhile may have been lost (pub/sub is at most
   * once), so whoever relies on them catches up. The in-process bus never disconnects.
   */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}
