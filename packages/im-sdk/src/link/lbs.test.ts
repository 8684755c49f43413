// The load balancer's answer as the SDK checks it: an https lookup never yields plain links.
import { describe, expect, it } from 'vitest';
import { lookupLinks } from './lbs.ts';

/** A fetch that answers one JSON body, as a load balancer (or whoever tampered with it) would. */
function answering(body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch;
}

const lookup = (lbsUrl: string, body: unknown) =>
  lookupLinks({
    lbsUrl,
    appKey: 'app-key-1',
    account: 'demo1',
    fetch: answering({ code: 200, linkPath: '/im/link/', ...(body as object) }),
  });

describe('lookupLinks', () => {
  it('accepts https and wss links from an https load balancer', async () => {
    const answer = await lookup('https://lbs.example.com/im/lbs', {
      link: ['https://a.example.com', 'wss://b.example.com'],
      upload: ['https://a.example.com/im/upload'],
    });
    expect(answer.link).toEqual(['https://a.example.com', 'wss://b.example.com']);
  });

  it.each([
    [{ link: ['http://evil.example'] }],
    [{ link: ['https://a.example.com', 'ws://evil.example'] }],
    [{ link: ['https://a.example.com'], upload: ['http://evil.example/im/upload'] }],
  ])('refuses a downgrade from https: %j', async (body) => {
    await expect(lookup('https://lbs.example.com/im/lbs', body)).rejects.toThrow(/downgrade/);
  });

  it('refuses malformed and non-web addresses whatever the scheme of the lookup', async () => {
    await expect(lookup('http://127.0.0.1:8080/im/lbs', { link: ['not a url'] })).rejects.toThrow(
      /malformed/,
    );
    await expect(
      lookup('http://127.0.0.1:8080/im/lbs', { link: ['javascript:alert(1)'] }),
    ).rejects.toThrow(/refused/);
  });

  it('accepts plain links from a plain http load balancer (development)', async () => {
    const answer = await lookup('http://127.0.0.1:8080/im/lbs', {
      link: ['http://127.0.0.1:8080'],
    });
    expect(answer.link).toEqual(['http://127.0.0.1:8080']);
  });
});
