import { describe, expect, it } from 'vitest';
import { codeFromQr } from './scan.ts';

describe('the code in a bag QR code', () => {
  it('reads the link the bag prints, and a bare code', () => {
    expect(codeFromQr('https://m.example.com/activity/openBagPrize/index?code=BAG0000001')).toBe(
      'BAG0000001',
    );
    expect(codeFromQr('  BAG-0000-0001 ')).toBe('BAG-0000-0001');
  });

  it('holds nothing else', () => {
    expect(codeFromQr('https://example.com/other')).toBeNull();
    expect(codeFromQr('https://example.com/?code=<script>')).toBeNull();
    expect(codeFromQr('hello world')).toBeNull();
    expect(codeFromQr('')).toBeNull();
  });
});
