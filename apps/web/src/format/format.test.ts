import { describe, expect, it } from 'vitest';
import { cornerMarkLocation, cornerMarkStyle } from './cornerMark.ts';
import { imageUrl, imageWidth } from './image.ts';
import { formatMobile, isMobile, mobileDigits } from './mobile.ts';
import { formatPrice } from './price.ts';
import { isLongScreen } from './screen.ts';

describe('formatting rules', () => {
  it('shows a mobile number with a space after the first three digits', () => {
    expect(formatMobile('13800138000')).toBe('138 00138000');
    expect(formatMobile('138 0013')).toBe('138 0013');
    expect(formatMobile('138')).toBe('138');
    expect(mobileDigits('138 0013 8000 99')).toBe('13800138000');
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('12800138000')).toBe(false);
  });

  it('caps image widths at 750 and names sizes xs..xl', () => {
    expect([
      imageWidth('xs'),
      imageWidth('s'),
      imageWidth('m'),
      imageWidth('l'),
      imageWidth('xl'),
    ]).toEqual([100, 200, 300, 400, 750]);
    expect(imageWidth(1200)).toBe(750);
    expect(imageUrl('https://img.example.com/a.png', 'm')).toBe(
      'https://img.example.com/a.png?x-oss-process=image/resize,w_300',
    );
    expect(imageUrl('https://img.example.com/a.png?v=2')).toBe(
      'https://img.example.com/a.png?v=2&x-oss-process=image/resize,w_750',
    );
    expect(imageUrl('/favicon.svg', 'xs')).toBe('/favicon.svg');
  });

  it('shows prices with 2 decimals', () => {
    expect(formatPrice(12)).toBe('12.00');
    expect(formatPrice('9.9')).toBe('9.90');
    expect(formatPrice(1.005)).toBe('1.01');
    expect(formatPrice(undefined)).toBe('0.00');
    expect(formatPrice('abc')).toBe('0.00');
  });

  it('places corner marks by location code 0 to 3', () => {
    expect([0, 1, 2, 3].map(cornerMarkLocation)).toEqual([
      'left-top',
      'right-top',
      'right-bottom',
      'left-bottom',
    ]);
    expect(cornerMarkStyle(2)).toEqual({ position: 'absolute', bottom: 0, right: 0 });
    expect(cornerMarkStyle(9)).toEqual({ position: 'absolute', top: 0, left: 0 });
  });

  it('detects an iPhone long screen at height >= 812 and width >= 375', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';
    expect(isLongScreen(iphone, 375, 812)).toBe(true);
    expect(isLongScreen(iphone, 390, 844)).toBe(true);
    expect(isLongScreen(iphone, 375, 667)).toBe(false);
    expect(isLongScreen(iphone, 812, 375)).toBe(true);
    expect(isLongScreen('Mozilla/5.0 (Linux; Android 14)', 412, 915)).toBe(false);
  });
});
