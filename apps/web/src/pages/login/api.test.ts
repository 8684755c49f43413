import { describe, expect, it } from 'vitest';
import { returnPath } from './api.ts';

describe('where login returns to', () => {
  it('returns to loginFrom when it is a path of this site', () => {
    expect(returnPath('?loginFrom=%2Factivity%2Fsign%2Faward%3Fbank_channel%3Dabc')).toBe(
      '/activity/sign/award?bank_channel=abc',
    );
  });

  it('goes to the hub for anything else', () => {
    for (const from of [
      '',
      'https://evil.example.com/',
      '//evil.example.com/x',
      'javascript:alert(1)',
      '/my/login?loginFrom=/x',
      '/\\evil.example.com',
      '/\\/evil.example.com',
      '/\t/evil.example.com',
      '/\n/evil.example.com',
      '/my/../my/login',
    ]) {
      expect(returnPath(`?${new URLSearchParams({ loginFrom: from })}`)).toBe('/');
    }
    expect(returnPath('')).toBe('/');
  });
});
