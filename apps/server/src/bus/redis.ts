import { Redis } from 'ioredis';
import type { Bus, BusHandler, Unsubscribe } from './types.ts';
import { Subscriptions } from './subscriptions.ts';

export interface RedisBusOptions {
  url: string;
  /** Namespaces the channels, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  onHandlerError?: (error: unknown) => void;
}

/**
 * Redis pub/sub between server processes. One connection publishes; one subscribes, holding
 * one Redis subscription per channel however many local handlers it has.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscriptions = new Subscriptions();
  private readonly prefix: string;
  private readonly reconnectListeners: (() => void)[] = [];

  private constructor(options: RedisBusOptions) {
    this.prefix = options.prefix;
    const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3 };
    this.publisher = new Redis(options.url, redisOptions);
    this.subscriber = new Redis(options.url, redisOptions);
    const onError = options.onHandlerError ?? (() => {});
    this.subscriber.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
      const name = channel.toString('utf8').slice(this.prefix.length);
      this.subscriptions.deliver(name, new Uint8Array(payload), onError);
    });
  }

  /** Connects both connections; rejects when Redis does not answer. */
  static async connect(options: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(options);
    try {
      await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]);
    } catch (error) {
      bus.publisher.disconnect();
      bus.subscriber.disconnect();
      throw error;
    }
    bus.watchReconnects(bus.subscriber);
    bus.watchReconnects(bus.publisher);
    return bus;
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  /**
   * After the first connect, every `ready` is a reconnect: ioredis resubscribes the channels
   * first, and a PING queued behind that resubscription answers once it is done, so listeners
   * run when a publish would be delivered again. A publish lost while either connection was
   * down is caught up by the listeners.
   */
  private watchReconnects(connection: Redis): void {
    connection.on('ready', () => {
      void connection
        .ping()
        .catch(() => undefined)
        .then(() => {
          for (const listener of this.reconnectListeners) listener();
        });
    });
  }

  async publish(channel: string, payload: Uint8Array): Promise<void> {
    await this.publisher.publish(this.prefix + channel, Buffer.from(payload));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe> {
    if (this.subscriptions.add(channel, handler)) {
      await this.subscriber.subscribe(this.prefix + channel);
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      if (this.subscriptions.remove(channel, handler)) {
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close(): Promise<void> {
    this.subscriptions.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
