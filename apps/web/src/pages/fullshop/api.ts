// The outlet declaration's shapes as the pages name them, from the route table (@morsel/api).
import type { DataOf } from '../../request/api.ts';

export type FullshopPage = DataOf<'fullshop.page'>;
export type ShopType = FullshopPage['shopTypes'][number];
export type Draft = DataOf<'fullshop.saveDraft'>;
export type Application = DataOf<'fullshop.detail'>;
export type Photo = Application['photos'][number];
export type ApplicationStatus = Application['status'];

export const STATUS_TEXT: Record<ApplicationStatus, string> = {
  pending: '审核中',
  approved: '审核通过',
  rejected: '审核未通过',
};

/** A square thumbnail of a stored photo (the file storage's image operations). */
export function thumbnail(photo: Photo, size = 200): string {
  return `${photo.url}?imageView&thumbnail=crop_${size}_${size}`;
}
