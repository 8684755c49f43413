// What other parts of the server learn about the shopper's sessions without the product API
// knowing them: chat in the app replaces the shopper's IM token when a session logs out
// (docs/chat-pages.md). A listener that fails is logged; logging out still succeeds.
import type { Logger } from '../log.ts';

export type SessionEndedListener = (userId: number) => Promise<void>;

export class SessionEvents {
  private readonly endedListeners: SessionEndedListener[] = [];

  constructor(private readonly log: Logger) {}

  onEnded(listener: SessionEndedListener): void {
    this.endedListeners.push(listener);
  }

  async ended(userId: number): Promise<void> {
    for (const listener of this.endedListeners) {
      try {
        await listener(userId);
      } catch (err) {
        this.log.error({ err, userId }, 'session-ended listener failed');
      }
    }
  }
}
