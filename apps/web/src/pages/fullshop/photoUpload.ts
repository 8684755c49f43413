// Sends one shop photo as the server wants it: the type checked first, the picture scaled on the
// phone to at most 2000 px a side as JPEG (a 12 MB camera photo becomes a few hundred kB, so it
// goes up quickly on a mobile network and fits the 10 MB limit), then one multipart POST.
import { ENDPOINTS } from '@morsel/api/endpoints';
import { PHOTO_LIMITS } from '@morsel/api/forms';
import { HOSTS } from '../../config/product.ts';
import { commonHeaders, dispatch } from '../../request/transport.ts';
import type { DataOf, Envelope } from '../../request/api.ts';

export type UploadedPhoto = DataOf<'forms.photo'>;

export class PhotoRefused extends Error {}

const TYPES: readonly string[] = PHOTO_LIMITS.types;

/** The picture as a JPEG of at most maxEdge a side; the file itself when it already fits. */
async function scaled(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoRefused('图片无法读取，请换一张');
  }
  const edge = Math.max(bitmap.width, bitmap.height);
  if (edge <= PHOTO_LIMITS.maxEdge && file.size <= 2 * 1024 * 1024) {
    bitmap.close();
    return file;
  }
  const ratio = Math.min(1, PHOTO_LIMITS.maxEdge / edge);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * ratio);
  canvas.height = Math.round(bitmap.height * ratio);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  if (!blob) throw new PhotoRefused('图片无法读取，请换一张');
  return blob;
}

/** Uploads a picked photo; a refusal (type, size, quota) throws PhotoRefused with its message. */
export async function uploadPhoto(file: File): Promise<Envelope<UploadedPhoto>> {
  if (!TYPES.includes(file.type)) throw new PhotoRefused('仅支持JPG、PNG、WebP格式的图片');
  const body = await scaled(file);
  if (body.size > PHOTO_LIMITS.maxBytes) throw new PhotoRefused('图片不能超过10MB');
  const form = new FormData();
  form.append('file', body, body === file ? file.name : 'photo.jpg');
  return dispatch<UploadedPhoto>({
    method: 'POST',
    url: new URL(`${HOSTS.mobile}${ENDPOINTS['forms.photo'].path}`, location.origin).href,
    body: form,
    headers: commonHeaders(),
    // A photo on a slow mobile link takes longer than an ordinary call.
    timeoutMs: 120_000,
  });
}
