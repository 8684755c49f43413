// Customer service's push (decision 0065): the app's IM client (chatClient, the SDK logged in
// with the user's IM account) hears the service team's notifications, each naming a conversation
// that changed; the pages fetch on them. While the IM link is down the pages poll instead (the
// fallback intervals below), and they fetch once when it comes back, so nothing sent meanwhile is
// missed. The SDK is loaded on first use, after the page shows, so it never delays the page.
import { useSyncExternalStore } from 'react';
import { parseCsPush } from '@morsel/api/cs-push';

/** How often an open thread asks for new messages while the IM link is down. */
export const THREAD_FALLBACK_MS = 5000;
/** How often the workspace reads the queue while the IM link is down. */
export const QUEUE_FALLBACK_MS = 10_000;

type Listener = (conversationId: number) => void;

class ServicePushLink {
  private live = false;
  private started = false;
  private readonly changeListeners = new Set<Listener>();
  private readonly liveListeners = new Set<() => void>();

  /** Whether notifications arrive now (the IM link is online). */
  isLive = () => this.live;

  subscribeLive = (listener: () => void) => {
    this.start();
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  };

  /** Calls `listener` with the id of each conversation the service team says changed. */
  onChange = (listener: Listener) => {
    this.start();
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  private start(): void {
    if (this.started) return;
    this.started = true;
    void import('../chatClient.ts').then(({ chatClient }) => {
      const client = chatClient();
      client.onCustomNotice((notice) => {
        const push = parseCsPush(notice.from, notice.content);
        if (push) for (const listener of this.changeListeners) listener(push.conversationId);
      });
      const update = () => {
        const live = client.getState().status === 'online';
        if (live === this.live) return;
        this.live = live;
        for (const listener of this.liveListeners) listener();
      };
      client.subscribe(update);
      update();
    });
  }
}

const link = new ServicePushLink();

export interface ServicePush {
  /** Notifications arrive: no polling needed. */
  live: boolean;
  onChange: (listener: Listener) => () => void;
}

/** The push link of this page load (one IM client for every page). */
export function useServicePush(): ServicePush {
  const live = useSyncExternalStore(link.subscribeLive, link.isLive);
  return { live, onChange: link.onChange };
}
