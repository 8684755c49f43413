import { describe, expect, it } from 'vitest';
import {
  checkImageOp,
  IMAGE_OP_RULES,
  imageOpsUrl,
  normaliseAngle,
  parseImageOps,
} from './image-ops.ts';

describe('image operations', () => {
  it('normalises rotation to 0-359', () => {
    expect([0, 90, 360, 450, -90, -450].map(normaliseAngle)).toEqual([0, 90, 0, 90, 270, 270]);
  });

  it('round-trips a list through the URL form, in order', () => {
    const ops = [
      checkImageOp({ type: 'crop', x: 1, y: 2, width: 3, height: 4 }),
      checkImageOp({ type: 'thumbnail', mode: 'crop', width: 10, height: 20, axis: { x: 0 } }),
      checkImageOp({ type: 'blur', radius: 3, sigma: 1.5 }),
      checkImageOp({ type: 'stripmeta' }),
    ];
    const url = imageOpsUrl('http://h/im/files/a.jpg?old=1', ops);
    expect(url).toBe(
      'http://h/im/files/a.jpg?imageView&crop=1_2_3_4&thumbnail=crop_10_20_0_5&blur=3_1.5&stripmeta=1',
    );
    expect(parseImageOps(new URLSearchParams(url.split('?')[1]))).toEqual(ops);
  });

  it('names the rule it refuses', () => {
    expect(() => checkImageOp({ type: 'quality', quality: 100.5 })).toThrow(IMAGE_OP_RULES.quality);
    expect(() => checkImageOp({ type: 'thumbnail', mode: 'contain' })).toThrow(
      IMAGE_OP_RULES.thumbnailContain,
    );
    expect(() => checkImageOp({ type: 'blur', radius: 2, sigma: '' })).toThrow(
      IMAGE_OP_RULES.blurSigma,
    );
    expect(() => parseImageOps(new URLSearchParams(Array(11).fill('quality=5').join('&')))).toThrow(
      IMAGE_OP_RULES.tooMany,
    );
  });
});
