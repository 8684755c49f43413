import { describe, expect, it } from 'vitest';
import { wrapLines } from './draw.ts';

const width = (s: string) => [...s].length * 10;

describe('poster text wrapping', () => {
  it('keeps lines within the width', () => {
    expect(wrapLines('满39减8坚果果干饼干都能用', 50, width)).toEqual([
      '满39减8',
      '坚果果干饼',
      '干都能用',
    ]);
  });
  it('stops at the line limit', () => {
    expect(wrapLines('一二三四五六七八九十', 30, width, 2)).toEqual(['一二三', '四五六']);
  });
  it('keeps short text on one line and empty text as none', () => {
    expect(wrapLines('好吃', 100, width)).toEqual(['好吃']);
    expect(wrapLines('', 100, width)).toEqual([]);
  });
});
