// A picture into a customer-service conversation (docs/customer-service.md): drawn upright on a
// canvas (its EXIF orientation applied) and re-encoded as JPEG of at most 2000 px a side, which
// also leaves the photo's metadata (where it was taken) behind; uploaded through the IM files
// path with the app's IM client (previewFile, that path's limits); then sent by its URL, which
// the server accepts only from the account that uploaded it.
import { api } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import type { ServiceMessage } from './useThread.ts';

/** The longest edge kept (the server's full-size rendition is no larger). */
const MAX_EDGE = 2000;
/** The picked file's largest size (the server refuses larger uploads, 65314). */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

export class PictureRefused extends Error {}

async function upright(file: File): Promise<Blob> {
  // A GIF keeps its frames; it carries no EXIF.
  if (file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PictureRefused('图片无法读取，请换一张');
  }
  const ratio = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * ratio));
  canvas.height = Math.max(1, Math.round(bitmap.height * ratio));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff'; // a transparent PNG's background as JPEG
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.85),
  );
  if (!blob) throw new PictureRefused('图片无法读取，请换一张');
  return blob;
}

/** Sends a picked picture; a refusal throws PictureRefused with what to tell the user. */
export async function sendPicture(conversationId: number, file: File): Promise<ServiceMessage> {
  if (!/^image\/(jpeg|png|gif|webp)$/.test(file.type))
    throw new PictureRefused('仅支持JPG、PNG、GIF、WebP格式的图片');
  if (file.size > PICTURE_MAX_BYTES) throw new PictureRefused('图片不能超过10MB');
  const { chatClient } = await import('../chatClient.ts');
  const client = chatClient();
  if (!client.sdk || client.getState().status !== 'online')
    throw new PictureRefused('网络连接中，请稍后再发图片');
  const body = await upright(file);
  let url: string;
  try {
    url = (await client.sdk.previewFile({ type: 'image', blob: body })).url;
  } catch {
    throw new PictureRefused('图片上传失败，请重试');
  }
  const reply = await api.call('cs.sendImage', { id: conversationId, url });
  if (!isSuccess(reply)) throw new PictureRefused(reply.message);
  return reply.data;
}
