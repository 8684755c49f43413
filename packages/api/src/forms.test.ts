import { describe, expect, it } from 'vitest';
import {
  displayMobile,
  isUnifiedSocialCreditCode,
  normaliseLicence,
  outletProblems,
  usccCheckCharacter,
} from './forms.ts';

describe('unified social credit codes (GB 32100-2015)', () => {
  it('accepts published codes and computes their check character', () => {
    for (const code of ['91350100M000100Y43', '91110000802100433B'])
      expect(isUnifiedSocialCreditCode(code)).toBe(true);
    expect(usccCheckCharacter('91350100M000100Y4')).toBe('3');
  });

  it('refuses a wrong check character, a wrong length and letters outside the set', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    // I, O, S, V and Z are not in the code's alphabet.
    expect(isUnifiedSocialCreditCode('91350100M000100I43')).toBe(false);
    // The third to eighth characters are the registering authority's area code: digits.
    expect(isUnifiedSocialCreditCode('913501A0M000100Y43')).toBe(false);
  });

  it('reads a code typed with spaces, dashes and lower case', () => {
    expect(normaliseLicence(' 9135 0100-m000100y43 ')).toBe('91350100M000100Y43');
  });
});

describe('mobile numbers as pages show them', () => {
  it('put a space after the first three digits', () => {
    expect(displayMobile('13800138000')).toBe('138 00138000');
    expect(displayMobile('138 0013 8000')).toBe('138 00138000');
    expect(displayMobile('13')).toBe('13');
  });
});

describe('outlet declaration rules', () => {
  const rules = { shopTypes: ['community'], photos: { min: 1, max: 3 } };

  it('names every problem of an empty form at once', () => {
    expect(Object.keys(outletProblems({}, rules)).sort()).toEqual([
      'contactName',
      'detail',
      'licenceNo',
      'mobile',
      'photos',
      'regionCode',
      'shopName',
      'shopType',
    ]);
  });

  it('passes a complete form and checks each field on its own', () => {
    const form = {
      shopType: 'community',
      shopName: '好味零食铺',
      contactName: '王小明',
      mobile: '138 0013 8000',
      licenceNo: '91350100M000100Y43',
      regionCode: '110101',
      detail: '东华门街道1号',
      photos: ['a.jpg'],
    };
    expect(outletProblems(form, rules)).toEqual({});
    expect(outletProblems({ ...form, licenceNo: '91350100M000100Y44' }, rules)).toEqual({
      licenceNo: '统一社会信用代码有误，请核对营业执照',
    });
    expect(outletProblems({ ...form, shopType: 'mall' }, rules).shopType).toBe(
      '门店类型不存在，请重新选择',
    );
    expect(outletProblems({ ...form, photos: ['1', '2', '3', '4'] }, rules).photos).toBe(
      '门店照片最多3张',
    );
    expect(outletProblems({ ...form, mobile: '1380013800' }, rules).mobile).toBe(
      '请填写正确的11位手机号',
    );
  });
});
