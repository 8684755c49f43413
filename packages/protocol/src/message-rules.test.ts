// Document 2's message rules with its wording: the SDK checks them before sending, the server on
// receipt (both call checkOutgoingMsg). Rules a typed SDK call cannot break are reached here.
import { describe, expect, it } from 'vitest';
import { checkOutgoingMsg, isSafeShortUrl } from './message-rules.ts';
import type { OutgoingMsg } from './commands/shapes/messaging.ts';

const base = { scene: 'p2p', to: 'demo2', idClient: 'c1' } as const;
const check = (msg: Record<string, unknown>) =>
  checkOutgoingMsg({ ...base, ...msg } as OutgoingMsg);
const file = { url: 'https://cdn.example.com/v.mp4', ext: 'mp4', size: 10 };

describe('checkOutgoingMsg', () => {
  it('needs a valid scene, a recipient and, for a resend, the idClient', () => {
    expect(check({ type: 0, text: 'x', scene: 'room' })).toBe(
      'scene must be p2p, team or superTeam',
    );
    expect(check({ type: 0, text: 'x', to: '' })).toBe('to is required');
    expect(check({ type: 0, text: 'x', resend: true, idClient: '' })).toBe(
      'resend requires idClient',
    );
    expect(check({ type: 0, text: 'x', resend: true })).toBeNull();
    expect(check({ text: 'x' })).toBe('type is required');
  });

  it('needs apns accounts as an array (the accounts a team message forces a push to)', () => {
    expect(
      check({ type: 0, text: 'x', scene: 'team', apns: { accounts: 'demo2', content: 'x' } }),
    ).toBe('apns accounts must be an array');
    expect(
      check({ type: 0, text: 'x', scene: 'team', apns: { accounts: ['demo2'], forcePush: true } }),
    ).toBeNull();
  });

  it('checks a file message: url, ext and size, then dur, w and h when given', () => {
    expect(check({ type: 3, file: { ...file, dur: 5000, w: 720, h: 1280 } })).toBeNull();
    expect(check({ type: 6, file: { ...file, size: undefined } })).toBe(
      'file needs url, ext and size',
    );
    expect(check({ type: 3, file: { ...file, dur: -1 } })).toBe(
      'file dur must be a non-negative integer',
    );
    expect(check({ type: 1, file: { ...file, w: 1.5 } })).toBe(
      'file w must be a non-negative integer',
    );
    expect(check({ type: 1, file: { ...file, h: '480' } })).toBe(
      'file h must be a non-negative integer',
    );
  });

  it('refuses notifications (the server sends them) and unknown types', () => {
    expect(check({ type: 5, text: 'x' })).toBe('notification messages are sent by the server only');
    expect(check({ type: 7 })).toBe('type is not valid');
  });
});

describe('isSafeShortUrl', () => {
  it('takes a URL starting with http and containing im_url=1, nothing else', () => {
    expect(isSafeShortUrl('https://files.example.com/s/abc?im_url=1')).toBe(true);
    expect(isSafeShortUrl('http://files.example.com/s/abc?x=2&im_url=1')).toBe(true);
    expect(isSafeShortUrl('https://files.example.com/s/abc')).toBe(false);
    expect(isSafeShortUrl('ftp://files.example.com/s/abc?im_url=1')).toBe(false);
    expect(isSafeShortUrl(undefined)).toBe(false);
  });
});
