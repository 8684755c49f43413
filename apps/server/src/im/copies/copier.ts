// Message copies (NIM's 抄送): each message an app's accounts send is queued (im_copies) and POSTed
// to the app server's copy URL, signed as NIM signs its copies: headers AppKey, CurTime, MD5 (of
// the body) and CheckSum = sha1(AppSecret + MD5 + CurTime). Queuing never waits for the receiver,
// so delivery never does; a receiver that does not answer 2xx gets the copy again with back-off;
// every server process drains the one queue, and a claim keeps two from sending the same copy.
import { createHash } from 'node:crypto';
import type { Msg } from '@morsel/protocol';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import { computeCheckSum } from '../rest/index.ts';
import { messageCopyBody } from './copy-body.ts';
import {
  claimDueCopies,
  deleteCopy,
  enqueueCopy,
  retryCopyLater,
  type QueuedCopy,
} from './copy-store.ts';

export interface CopySettings {
  /** Where copies go; without it nothing is queued. */
  url: string;
  /** Attempts before a copy is dropped (and logged). */
  maxAttempts: number;
}

export interface CopierOptions {
  store: Store;
  log: Logger;
  settings: CopySettings;
  /** The app's secret, which signs its copies (undefined: the app is gone, the copy dropped). */
  secretOf: (appKey: string) => Promise<string | undefined>;
  now: () => number;
  fetch?: typeof fetch;
}

/** How long a claimed copy is held by its sender before another process may take it. */
const HOLD_MS = 30_000;
const BATCH = 20;
const POLL_MS = 1000;
const REQUEST_TIMEOUT_MS = 5000;
/** 2 s, 4 s, 8 s … at most 10 minutes between attempts. */
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 1000, 600_000);

export class MessageCopier {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: CopierOptions) {}

  /** Queues the copy of a message just stored (unless it asked for none: `cc: false`). */
  messageSent(sent: { appKey: string; msg: Msg; ip: string }): void {
    if (sent.msg.cc === false) return;
    this.queue(sent.appKey, messageCopyBody(sent.msg, sent.ip), { idServer: sent.msg.idServer });
  }

  /** Queues a copy (a message's or an event's) without waiting for the store or the receiver. */
  queue(appKey: string, copy: Record<string, string>, about: Record<string, string> = {}): void {
    if (this.closed) return;
    const body = JSON.stringify(copy);
    enqueueCopy(this.options.store.db, { appKey, body, now: this.options.now() })
      .then(() => this.drainSoon())
      .catch((error: unknown) =>
        this.options.log.error(
          { err: error, eventType: copy.eventType, ...about },
          'copy not queued',
        ),
      );
  }

  start(): void {
    this.timer = setInterval(() => this.drainSoon(), POLL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.draining;
  }

  /** Drains unless a drain is running (it picks up what was queued meanwhile on its next round). */
  private drainSoon(): void {
    if (this.draining || this.closed) return;
    this.draining = this.drain()
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, 'message copies: drain failed'),
      )
      .finally(() => (this.draining = undefined));
  }

  private async drain(): Promise<void> {
    for (;;) {
      const copies = await claimDueCopies(
        this.options.store.db,
        this.options.now(),
        HOLD_MS,
        BATCH,
      );
      if (copies.length === 0 || this.closed) return;
      await Promise.all(copies.map((copy) => this.send(copy)));
    }
  }

  private async send(copy: QueuedCopy): Promise<void> {
    const { store, log, settings } = this.options;
    const failure = await this.post(copy);
    if (failure === undefined) return deleteCopy(store.db, copy.id);
    if (copy.attempts >= settings.maxAttempts) {
      log.error({ copyId: copy.id, attempts: copy.attempts, failure }, 'message copy dropped');
      return deleteCopy(store.db, copy.id);
    }
    log.warn({ copyId: copy.id, attempts: copy.attempts, failure }, 'message copy not taken');
    await retryCopyLater(store.db, copy.id, this.options.now() + backoffMs(copy.attempts), failure);
  }

  /** POSTs one copy; undefined when the receiver took it, else why not. */
  private async post(copy: QueuedCopy): Promise<string | undefined> {
    const secret = await this.options.secretOf(copy.app_key);
    if (secret === undefined) return 'the app no longer exists';
    const md5 = createHash('md5').update(copy.body, 'utf8').digest('hex');
    const curTime = String(Math.floor(this.options.now() / 1000));
    try {
      const response = await (this.options.fetch ?? fetch)(this.options.settings.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json;charset=utf-8',
          AppKey: copy.app_key,
          CurTime: curTime,
          MD5: md5,
          CheckSum: computeCheckSum(secret, md5, curTime),
        },
        body: copy.body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.ok ? undefined : `HTTP ${response.status}`;
    } catch (error) {
      return (error as Error).message;
    }
  }
}
