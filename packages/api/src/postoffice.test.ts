import { describe, expect, it } from 'vitest';
import { POSTCARD_LIMITS, postcardTextProblems } from './postoffice.ts';

describe('the lines of a postcard', () => {
  it('accepts a blank "to", and counts characters, not UTF-16 units, after trimming', () => {
    expect(postcardTextProblems({ to: '   ', from: '小明', text: '生日快乐' })).toEqual({});
    const emoji = '🍪'.repeat(POSTCARD_LIMITS.textMax);
    expect(postcardTextProblems({ to: '', from: ' 小明 ', text: ` ${emoji} ` })).toEqual({});
  });

  it('names every problem at once', () => {
    expect(
      postcardTextProblems({
        to: '收'.repeat(13),
        from: '',
        text: '字'.repeat(POSTCARD_LIMITS.textMax + 1),
      }),
    ).toEqual({ to: '收件人不能超过12个字', from: '请填写寄件人', text: '正文不能超过120个字' });
    expect(postcardTextProblems({ to: '', from: '寄'.repeat(13), text: '\n' })).toEqual({
      from: '寄件人不能超过12个字',
      text: '请写下想说的话',
    });
  });
});
