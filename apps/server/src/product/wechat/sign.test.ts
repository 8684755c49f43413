import { describe, expect, it } from 'vitest';
import { jsapiSignature, newNonceStr, stripFragment } from './sign.ts';

describe('jsapiSignature', () => {
  it('reproduces the example of the WeChat JS-SDK documentation (appendix 1)', () => {
    expect(
      jsapiSignature({
        ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the url without its fragment', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(jsapiSignature({ ...base, url: 'https://a.example/p?x=1#/route' })).toBe(
      jsapiSignature({ ...base, url: 'https://a.example/p?x=1' }),
    );
    expect(stripFragment('https://a.example/#x#y')).toBe('https://a.example/');
  });

  it('draws 16-character alphanumeric nonces', () => {
    expect(newNonceStr()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newNonceStr()).not.toBe(newNonceStr());
  });
});
