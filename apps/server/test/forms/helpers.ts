// Helpers for the forms suites: a photo upload as the page sends it (multipart), and a
// declaration that passes every rule.
import sharp from 'sharp';
import type { Envelope } from '../product/helpers.ts';
import type { Json } from '../campaigns/helpers.ts';

/** A picture of `width` x `height`, as a phone would take it, with EXIF that must not survive. */
export function picture(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  width = 640,
  height = 480,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#d63d12' } })
    .withExif({ IFD0: { Copyright: 'shop owner', Artist: 'GPS 31.23N 121.47E' } })
    .toFormat(format)
    .toBuffer();
}

export async function uploadPhoto(
  base: string,
  ut: string | undefined,
  bytes: Buffer | Blob,
  fileName = 'shop.jpg',
  type = 'image/jpeg',
): Promise<{ status: number; body: Envelope<Json> }> {
  const form = new FormData();
  form.append(
    'file',
    bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)], { type }),
    fileName,
  );
  const response = await fetch(`${base}/api/forms/photos`, {
    method: 'POST',
    headers: ut ? { ut } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<Json> };
}

/** A unified social credit code with a right check character (GB 32100-2015). */
export const LICENCE = '91350100M000100Y43';
export const OTHER_LICENCE = '91110000802100433B';

export function declaration(photos: string[], overrides: Record<string, unknown> = {}) {
  return {
    shopType: 'community',
    shopName: '好味零食铺',
    contactName: '王小明',
    mobile: '138 0013 8000',
    licenceNo: LICENCE,
    regionCode: '110101',
    detail: '东华门街道王府井大街1号',
    photos,
    remark: '',
    ...overrides,
  };
}
