// The delivery address form's rules, as the server checks them (docs/campaigns.md): every
// problem at once, keyed by field, so the sheet shows each under its own field.
import type { Address } from './api.ts';
import type { AreaChoice } from './AreaPicker.tsx';

export interface AddressForm {
  name: string;
  mobile: string;
  area: AreaChoice | null;
  detail: string;
}

export type AddressField = keyof AddressForm;

export function addressProblems(form: AddressForm): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  const name = form.name.trim();
  if (!name) problems.name = '请填写收货人姓名';
  else if (name.length > 20) problems.name = '收货人姓名最多20个字';
  if (!/^1[3-9]\d{9}$/.test(form.mobile.trim())) problems.mobile = '请填写正确的11位手机号';
  if (!form.area) problems.area = '请选择所在地区';
  const detail = form.detail.trim();
  if (detail.length < 4) problems.detail = '详细地址至少4个字，请填写街道、门牌号';
  else if (detail.length > 120) problems.detail = '详细地址最多120个字';
  return problems;
}

/** The form filled from an address already given (correcting it). */
export function formOf(address: Address | null | undefined, mobile = ''): AddressForm {
  if (!address) return { name: '', mobile, area: null, detail: '' };
  const area =
    address.provinceCode && address.cityCode && address.regionCode
      ? {
          province: { code: address.provinceCode, name: address.provinceName ?? '' },
          city: { code: address.cityCode, name: address.cityName ?? '' },
          county: { code: address.regionCode, name: address.regionName ?? '' },
        }
      : null;
  return { name: address.name, mobile: address.mobile, area, detail: address.detail };
}

/** 138****8002: a phone number as a page shows it to anyone looking over the shoulder. */
export function maskPhone(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

export function areaText(area: AreaChoice): string {
  return `${area.province.name} ${area.city.name} ${area.county.name}`;
}
