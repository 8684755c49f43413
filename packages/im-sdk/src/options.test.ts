import { describe, expect, it } from 'vitest';
import { defaultLogUploadUrl, resolveOptions } from './options.ts';
import { Chatroom, resolveChatroomOptions } from './chatroom.ts';

const base = { appKey: 'k', account: 'a', token: 't', defaultLink: 'http://127.0.0.1:1' };

describe('instance options', () => {
  it('requires an account, an app key, a token and an address', () => {
    expect(() => resolveOptions({ ...base, account: '' })).toThrow(/requires an account/);
    expect(() => resolveOptions({ ...base, appKey: '' })).toThrow(/appKey/);
    expect(() => resolveOptions({ ...base, token: '' })).toThrow(/token/);
    expect(() => resolveOptions({ ...base, defaultLink: undefined })).toThrow(
      /lbsUrl or defaultLink/,
    );
    expect(() => resolveOptions({ ...base, reconnectionAttempts: 11 })).toThrow(/0 to 10/);
  });

  it('defaults to 10 reconnection attempts and a 60 s heartbeat', () => {
    expect(resolveOptions(base)).toMatchObject({
      reconnectionAttempts: 10,
      heartbeatInterval: 60_000,
      transports: ['websocket', 'polling'],
    });
  });

  it('treats nosSurvivalTime below 86400 s as infinite', () => {
    expect(resolveOptions({ ...base, nosSurvivalTime: 86399 }).nosSurvivalTime).toBe(Infinity);
    expect(resolveOptions({ ...base, nosSurvivalTime: 86400 }).nosSurvivalTime).toBe(86400);
    expect(resolveOptions(base).nosSurvivalTime).toBe(Infinity);
  });

  it('sends logs beside the load balancer unless told otherwise', () => {
    const url = defaultLogUploadUrl(
      resolveOptions({ ...base, lbsUrl: 'https://im.example.com/im/lbs' }),
    );
    expect(url).toBe('https://im.example.com/im/log/lines?appkey=k&uid=a&platform=web');
    expect(defaultLogUploadUrl(resolveOptions({ ...base, logUploadUrl: 'off' }))).toBeUndefined();
  });
});

describe('chatroom options', () => {
  const noop = () => {};
  const callbacks = {
    onconnect: noop,
    onerror: noop,
    onwillreconnect: noop,
    ondisconnect: noop,
    onmsgs: noop,
  };
  const room = {
    appKey: 'k',
    chatroomId: '42',
    chatroomAddresses: ['http://127.0.0.1:1'],
    ...callbacks,
  };

  it('requires the five callbacks at creation, and caches instances per account and room', () => {
    const options = { ...room, account: 'a', token: 't' };
    for (const name of Object.keys(callbacks)) {
      expect(() => Chatroom.getInstance({ ...options, [name]: undefined })).toThrow(
        new RegExp(`${name} is required`),
      );
    }
    const first = Chatroom.getInstance(options);
    expect(Chatroom.getInstance({ ...options, token: 't2' })).toBe(first);
    expect(Chatroom.getInstance({ ...options, chatroomId: '43' })).not.toBe(first);
    expect(Chatroom.getInstance({ ...options, account: 'b' })).not.toBe(first);
  });

  it('requires a chatroom id and an address array', () => {
    expect(() =>
      resolveChatroomOptions({
        ...room,
        account: 'a',
        token: 't',
        chatroomAddresses: 'x' as unknown as string[],
      }),
    ).toThrow(/array/);
    expect(() =>
      resolveChatroomOptions({ ...room, chatroomId: '', account: 'a', token: 't' }),
    ).toThrow(/chatroomId/);
  });

  it('requires a token unless anonymous; an anonymous guest needs a nick and gets an account', () => {
    expect(() => resolveChatroomOptions({ ...room, account: 'a' })).toThrow(/token/);
    expect(() => resolveChatroomOptions({ ...room, isAnonymous: true })).toThrow(/chatroomNick/);
    expect(
      resolveChatroomOptions({ ...room, isAnonymous: true, chatroomNick: '游客' }).account,
    ).toMatch(/^anon_[0-9a-f]{20}$/);
  });
});
