// MORSEL_TRUST_PROXY over real HTTP: the per-address SMS limit keys on the socket address unless a
// trusted proxy stands in front (review H1: a client-written X-Forwarded-For bypassed it).
import { afterEach, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { sendCode, startProductServer, type ProductTestServer } from '../product/helpers.ts';

const LIMITS = { smsDailyLimitPerAddress: 3, smsImageCaptchaAfterPerAddress: 100 };

describe('which address the per-address limits see', () => {
  let s: ProductTestServer | undefined;
  afterEach(() => s?.stop());

  /** Sends to a fresh number for each forwarded address; returns the codes answered. */
  let numberSeed = 13_600_000_000;
  async function sendFromForwarded(addresses: string[]): Promise<number[]> {
    const codes: number[] = [];
    for (const address of addresses) {
      codes.push(
        (await sendCode(s!.url, String(++numberSeed), {}, { 'x-forwarded-for': address })).body
          .code,
      );
    }
    return codes;
  }

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    s = await startProductServer(LIMITS);
    const codes = await sendFromForwarded([
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
      '203.0.113.4',
      'not-an-ip',
    ]);
    expect(codes).toEqual([
      0,
      0,
      0,
      CODES.smsDailyLimitAddress.code,
      CODES.smsDailyLimitAddress.code,
    ]);
  });

  it('uses X-Forwarded-For from a trusted proxy range', async () => {
    s = await startProductServer({ ...LIMITS, trustProxy: '127.0.0.0/8' });
    const codes = await sendFromForwarded([
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
      '203.0.113.4',
      '203.0.113.5',
    ]);
    expect(codes).toEqual([0, 0, 0, 0, 0]);
    // One forwarded address is still held to its limit.
    expect(
      await sendFromForwarded(['198.51.100.7', '198.51.100.7', '198.51.100.7', '198.51.100.7']),
    ).toEqual([0, 0, 0, CODES.smsDailyLimitAddress.code]);
  });

  it('uses the entry one hop back with a hop count of 1, not a client-written one further left', async () => {
    s = await startProductServer({ ...LIMITS, trustProxy: '1' });
    const chains = [
      '203.0.113.1',
      '198.51.100.1, 203.0.113.1',
      '198.51.100.2, 203.0.113.1',
      '198.51.100.3, 203.0.113.1',
    ];
    expect(await sendFromForwarded(chains)).toEqual([0, 0, 0, CODES.smsDailyLimitAddress.code]);
  });
});
