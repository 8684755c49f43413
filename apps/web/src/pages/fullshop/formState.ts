// The declaration form's state and how it maps to and from the API: a draft, an earlier
// declaration (to correct a rejected one), and the body the routes take.
import type { OutletInput } from '@morsel/api/forms';
import type { AreaChoice } from '../campaign-kit/AreaPicker.tsx';
import type { Application, Draft, Photo } from './api.ts';

export interface OutletForm {
  shopType: string;
  shopName: string;
  contactName: string;
  mobile: string;
  licenceNo: string;
  area: AreaChoice | null;
  detail: string;
  photos: Photo[];
  remark: string;
}

export const EMPTY_FORM: OutletForm = {
  shopType: '',
  shopName: '',
  contactName: '',
  mobile: '',
  licenceNo: '',
  area: null,
  detail: '',
  photos: [],
  remark: '',
};

type AreaView = NonNullable<Draft['area']>;

function choiceOf(area: AreaView | null): AreaChoice | null {
  if (!area) return null;
  return {
    province: { code: area.provinceCode, name: area.provinceName },
    city: { code: area.cityCode, name: area.cityName },
    county: { code: area.regionCode, name: area.regionName },
  };
}

export function formOfDraft(draft: Draft): OutletForm {
  const { updatedAt: _updatedAt, area, ...fields } = draft;
  return { ...fields, area: choiceOf(area) };
}

/** A rejected declaration, to correct and send again. */
export function formOfApplication(application: Application): OutletForm {
  return {
    shopType: application.shopType.key,
    shopName: application.shopName,
    contactName: application.contactName,
    mobile: application.mobile,
    licenceNo: application.licenceNo,
    area: choiceOf(application.area),
    detail: application.detail,
    photos: application.photos,
    remark: application.remark,
  };
}

export function inputOf(form: OutletForm): OutletInput {
  return {
    shopType: form.shopType,
    shopName: form.shopName.trim(),
    contactName: form.contactName.trim(),
    mobile: form.mobile,
    licenceNo: form.licenceNo,
    ...(form.area && { regionCode: form.area.county.code }),
    detail: form.detail.trim(),
    photos: form.photos.map((photo) => photo.name),
    remark: form.remark.trim(),
  };
}
