// What the outlet declaration routes answer, from the stored rows.
import type { FileService } from '../../im/files/index.ts';
import type { OutletApplicationRow, OutletDraftRow } from '../store/fullshop.ts';
import type { OutletInput } from '@morsel/api/forms';
import type { AreaIndex } from '../../product/index.ts';

const photosOf = (files: FileService, names: readonly string[]) =>
  names.map((name) => ({ name, url: files.urlOf(name) }));

export function applicationView(files: FileService, row: OutletApplicationRow) {
  return {
    id: Number(row.id),
    status: row.status,
    shopType: { key: row.shop_type, name: row.shop_type_name },
    shopName: row.shop_name,
    contactName: row.contact_name,
    mobile: row.mobile,
    licenceNo: row.licence_no,
    area: {
      provinceCode: row.province_code,
      provinceName: row.province_name,
      cityCode: row.city_code,
      cityName: row.city_name,
      regionCode: row.region_code,
      regionName: row.region_name,
    },
    detail: row.detail,
    photos: photosOf(files, JSON.parse(row.photos) as string[]),
    remark: row.remark,
    rejectReason: row.reject_reason,
    submittedAt: Number(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

export function adminApplicationView(files: FileService, row: OutletApplicationRow) {
  return { ...applicationView(files, row), userId: Number(row.user_id) };
}

export function draftView(files: FileService, areas: AreaIndex, row: OutletDraftRow) {
  const input = JSON.parse(row.body) as OutletInput;
  const area = input.regionCode ? areas.completeInfo(input.regionCode) : undefined;
  return {
    shopType: input.shopType ?? '',
    shopName: input.shopName ?? '',
    contactName: input.contactName ?? '',
    mobile: input.mobile ?? '',
    licenceNo: input.licenceNo ?? '',
    area: area ?? null,
    detail: input.detail ?? '',
    photos: photosOf(files, input.photos ?? []),
    remark: input.remark ?? '',
    updatedAt: Number(row.updated_at),
  };
}
