// Message copies to the app server (NIM's 抄送): registered only when MORSEL_IM_COPY_URL is set.
import type { Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { MessageCopier } from './copier.ts';

export { countQueuedCopies } from './copy-store.ts';

export interface CopiesOptions {
  store: Store;
  log: Logger;
  config: Config;
  messaging: Messaging;
  secretOf: (appKey: string) => Promise<string | undefined>;
  now: () => number;
  fetch?: typeof fetch;
}

/** Starts the copier when a copy URL is configured; answers it (to close) or undefined. */
export function registerMessageCopies(options: CopiesOptions): MessageCopier | undefined {
  const { config } = options;
  if (!config.imCopyUrl) return undefined;
  const copier = new MessageCopier({
    ...options,
    settings: { url: config.imCopyUrl, maxAttempts: config.imCopyMaxAttempts },
  });
  options.messaging.sent.push((sent) => copier.messageSent(sent));
  copier.start();
  return copier;
}
