import { describe, expect, it } from 'vitest';
import { ourServicePath, serviceEntry } from './entry.ts';

describe('the customer-service entry', () => {
  it('opens our own conversation by default, with the page it was tapped on', () => {
    expect(serviceEntry({}, '/activity/sign/index?campaign=sign')).toEqual({
      kind: 'ours',
      to: '/activity/im/service?from=%2Factivity%2Fsign%2Findex%3Fcampaign%3Dsign',
    });
    expect(ourServicePath('')).toBe('/activity/im/service');
  });

  it('opens the provider named by the keys: a URL first, then Qiyu by its app key', () => {
    expect(serviceEntry({ url: 'https://kf.example.com/h5?x=1' }, '/')).toEqual({
      kind: 'external',
      url: 'https://kf.example.com/h5?x=1',
    });
    expect(serviceEntry({ qiyu: 'abc123' }, '/')).toEqual({
      kind: 'external',
      url: 'https://qiyukf.com/client?k=abc123&wp=1',
    });
    expect(serviceEntry({ url: 'https://a.example.com', qiyu: 'abc' }, '/').kind).toBe('external');
    expect(serviceEntry({ url: 'https://a.example.com', qiyu: 'abc' }, '/')).toMatchObject({
      url: 'https://a.example.com',
    });
  });

  it('falls back to our own service when a key is unusable', () => {
    expect(serviceEntry({ url: 'javascript:alert(1)' }, '/').kind).toBe('ours');
    expect(serviceEntry({ url: 'http://plain.example.com' }, '/').kind).toBe('ours');
    expect(serviceEntry({ qiyu: 'bad key!' }, '/').kind).toBe('ours');
    expect(serviceEntry({ other: 'x' }, '/').kind).toBe('ours');
  });
});
