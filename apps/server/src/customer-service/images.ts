// Pictures in customer service (docs/customer-service.md): the sender uploads through the IM files
// path (the SDK's previewFile, with that path's size and daily limits), then sends the upload's
// URL. Only a live picture the sender's own IM account uploaded is accepted, so nobody passes off
// another user's file; both sides see it through the image operations: a thumbnail of at most
// 360 px a side and the picture of at most 2000 px, both without metadata (a phone photo's EXIF
// carries where it was taken).
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { accidsOfShoppers } from '../chat/index.ts';
import type { FileService } from '../im/files/index.ts';
import type { Database } from '../store/index.ts';

/** The largest picture a message may carry. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The types a picture may have (what the IM upload path serves as pictures, without SVG). */
const IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
/** The longest edge of the thumbnail in the thread, and of the picture opened from it. */
const THUMB_EDGE = 360;
const FULL_EDGE = 2000;
/** What a picture message says where only words are shown (the queue's last line). */
export const IMAGE_TEXT = '[图片]';

export interface ServiceImage {
  name: string;
  width: number;
  height: number;
}

export interface ImageView {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

export class ServiceImages {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileService,
    /** The default IM app, whose accounts upload. */
    private readonly appKey: string,
  ) {}

  /** The picture behind `url` when `userId`'s IM account uploaded it; the refusal otherwise. */
  async accept(userId: number, url: string): Promise<ServiceImage> {
    const name = this.files.objectNameOf(url);
    const file = name ? await this.files.live(name) : undefined;
    if (!name || !file) throw fail('csImageNotFound');
    const accid = (await accidsOfShoppers(this.db, [userId])).get(userId);
    if (file.app_key !== this.appKey || file.accid !== accid) throw fail('csImageNotYours');
    if (!IMAGE_TYPES.has(file.mime)) throw fail('csImageType');
    if (Number(file.size) > IMAGE_MAX_BYTES) throw fail('csImageTooLarge');
    const info = await this.files.pictureInfo(name);
    if (!info || info.width === 0 || info.height === 0) throw fail('csImageType');
    // Sizes as stored: the renditions drop the metadata, its EXIF orientation too (the pages
    // draw a photo upright before they upload it, so there is none to keep).
    return { name, width: info.width, height: info.height };
  }

  /** The thumbnail and the picture as the thread shows them. */
  view(image: ServiceImage): ImageView {
    const base = this.files.urlOf(image.name);
    const fitted = (edge: number) =>
      Math.max(image.width, image.height) > edge
        ? `${base}?imageView&thumbnail=contain_${edge}_${edge}&stripmeta=1`
        : `${base}?imageView&stripmeta=1`;
    return {
      url: fitted(FULL_EDGE),
      thumbUrl: fitted(THUMB_EDGE),
      width: image.width,
      height: image.height,
    };
  }
}
