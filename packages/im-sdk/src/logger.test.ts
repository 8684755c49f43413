import { describe, expect, it } from 'vitest';
import { Logger } from './logger.ts';

const silent = { debug() {}, log() {}, info() {}, warn() {}, error() {} };

describe('the SDK logger', () => {
  it('keeps lines at or above its level and posts them as plain text', async () => {
    const posts: string[] = [];
    const urls: string[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      urls.push(url);
      posts.push(String(init.body));
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    const logger = new Logger({
      level: 'info',
      uploadUrl: 'http://127.0.0.1/im/log/lines?appkey=k',
      console: silent,
      fetch,
    });
    logger.debug('hidden');
    logger.info('shown', { a: 1 });
    logger.error(new Error('boom'));
    // No upload ticket before the first login: the lines wait.
    expect(await logger.flush()).toBe(true);
    expect(posts).toHaveLength(0);
    logger.setOptions({ uploadTicket: 'ticket-1' });
    expect(await logger.flush()).toBe(true);
    logger.close();
    expect(posts).toHaveLength(1);
    expect(urls[0]).toBe('http://127.0.0.1/im/log/lines?appkey=k&ticket=ticket-1');
    expect(posts[0]).toMatch(/info shown \{"a":1\}\n.*error Error: boom$/);
  });

  it('waits 5 s longer after each failed post, keeps the lines, and resets after a good one', async () => {
    let fail = true;
    const fetch = (async () =>
      fail
        ? new Response(null, { status: 500 })
        : new Response(null, { status: 204 })) as unknown as typeof globalThis.fetch;
    const logger = new Logger({
      level: 'log',
      uploadUrl: 'http://127.0.0.1/x',
      uploadTicket: 't',
      console: silent,
      fetch,
    });
    logger.warn('one');
    expect(logger.nextFlushInMs).toBe(5000);
    expect(await logger.flush()).toBe(false);
    expect(logger.nextFlushInMs).toBe(10000);
    expect(await logger.flush()).toBe(false);
    expect(logger.nextFlushInMs).toBe(15000);
    expect(logger.pendingLines).toBe(1);
    fail = false;
    expect(await logger.flush()).toBe(true);
    expect(logger.nextFlushInMs).toBe(5000);
    expect(logger.pendingLines).toBe(0);
    logger.close();
  });
});
