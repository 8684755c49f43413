import { describe, expect, it } from 'vitest';
import { addressProblems, formOf, maskPhone } from './addressForm.ts';

const area = {
  province: { code: '310000', name: '上海市' },
  city: { code: '310100', name: '上海市' },
  county: { code: '310101', name: '黄浦区' },
};

describe('address form', () => {
  it('names every problem at once, by field', () => {
    expect(addressProblems({ name: ' ', mobile: '1234', area: null, detail: '南京' })).toEqual({
      name: '请填写收货人姓名',
      mobile: '请填写正确的11位手机号',
      area: '请选择所在地区',
      detail: '详细地址至少4个字，请填写街道、门牌号',
    });
    expect(
      addressProblems({ name: '张三', mobile: '13812345678', area, detail: '南京东路100号' }),
    ).toEqual({});
  });

  it('fills the form from a given address, areas included', () => {
    expect(
      formOf({
        name: '张三',
        mobile: '13812345678',
        provinceCode: '310000',
        provinceName: '上海市',
        cityCode: '310100',
        cityName: '上海市',
        regionCode: '310101',
        regionName: '黄浦区',
        detail: '南京东路100号',
      }),
    ).toEqual({ name: '张三', mobile: '13812345678', area, detail: '南京东路100号' });
    expect(formOf(null, '13800138000')).toEqual({
      name: '',
      mobile: '13800138000',
      area: null,
      detail: '',
    });
  });

  it('masks the middle of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('abc')).toBe('abc');
  });
});
