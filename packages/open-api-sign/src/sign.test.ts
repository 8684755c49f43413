import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, sign, signatureHeaders, stringToSign, verifySignature } from './index.ts';

const base = { clientId: 'morsel-h5', timestamp: 1_795_000_000_123 };

describe('stringToSign', () => {
  it('is METHOD, PATH, sorted query, client and timestamp for a GET', () => {
    expect(
      stringToSign({
        ...base,
        method: 'get',
        path: '/api/location/getCompleteAreaInfo',
        query: { regionCode: '310101', a: 'x y', empty: '' },
      }),
    ).toBe(
      'GET\n/api/location/getCompleteAreaInfo\na=x%20y&regionCode=310101\nx-co-client:morsel-h5\nx-co-timestamp:1795000000123',
    );
  });

  it('omits the query line when there is none, and adds the upper-case body MD5 for POST', () => {
    const body = 'mobile=13800138000&platformId=3';
    expect(stringToSign({ ...base, method: 'POST', path: '/x', body })).toBe(
      `POST\n/x\nx-co-client:morsel-h5\nx-co-timestamp:1795000000123\n${createHash('md5').update(body).digest('hex').toUpperCase()}`,
    );
  });

  it('signs an empty body of a DELETE as the MD5 of nothing', () => {
    expect(
      stringToSign({ ...base, method: 'DELETE', path: '/x' })
        .split('\n')
        .at(-1),
    ).toBe('D41D8CD98F00B204E9800998ECF8427E');
  });

  it('sorts repeated keys by value and accepts URLSearchParams', () => {
    expect(canonicalQuery(new URLSearchParams('b=2&a=z&a=y'))).toBe('a=y&a=z&b=2');
    expect(canonicalQuery({ ids: [3, 1], skip: undefined })).toBe('ids=1&ids=3');
  });
});

describe('sign', () => {
  it('equals Base64 HMAC-SHA1 of the string to sign, as node:crypto computes it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string()),
        async (body, secret, query) => {
          const request = { ...base, method: 'PUT', path: '/p', query, body };
          const expected = createHmac('sha1', secret)
            .update(stringToSign(request))
            .digest('base64');
          expect(await sign(request, secret)).toBe(expected);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('verifies its own signature and refuses any change', async () => {
    const request = { ...base, method: 'POST', path: '/p', body: '{"a":1}' };
    const headers = await signatureHeaders(request, 'secret');
    expect(headers['x-co-timeStamp']).toBe(String(base.timestamp));
    expect(await verifySignature(request, 'secret', headers['x-co-sign']!)).toBe(true);
    expect(
      await verifySignature({ ...request, body: '{"a":2}' }, 'secret', headers['x-co-sign']!),
    ).toBe(false);
    expect(
      await verifySignature(
        { ...request, timestamp: base.timestamp + 1 },
        'secret',
        headers['x-co-sign']!,
      ),
    ).toBe(false);
    expect(await verifySignature(request, 'other', headers['x-co-sign']!)).toBe(false);
  });
});
