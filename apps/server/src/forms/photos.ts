// Shop photos for the forms (POST /api/forms/photos): one picture per request, multipart. The
// bytes are checked for what they are (JPEG, PNG or WebP as sharp reads them, whatever the name
// or the declared type says), then re-encoded as JPEG of at most 2000 px a side without metadata,
// so a photo never carries the shop's GPS position in its EXIF and a file that only pretends to
// be a picture is never served. Kept in the IM file storage (im/files), owned by the shopper, and
// counted per account and Asia/Shanghai day.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { fail, ok } from '@morsel/api';
import { PHOTO_LIMITS } from '@morsel/api/forms';
import { PictureRefusal, reencodePicture } from '../input/index.ts';
import { clientAddress, route } from '../api/index.ts';
import { currentUser, userId, type CampaignContext } from '../campaigns/index.ts';
import type { FileService } from '../im/files/index.ts';
import { nextChinaMidnight } from '../product/index.ts';

/** The owner the file storage records form photos under (its appKey; the accid is the user). */
export const PHOTO_OWNER_APP = 'morsel-forms';
export const photoOwner = (uid: number) => ({ appKey: PHOTO_OWNER_APP, accid: `user:${uid}` });

const DAY_MS = 86_400_000;

/** The upload as a JPEG of at most maxEdge a side, or the form's refusal. */
async function reencoded(bytes: Buffer) {
  try {
    return await reencodePicture(bytes, { maxEdge: PHOTO_LIMITS.maxEdge, as: 'jpeg' });
  } catch (error) {
    if (!(error instanceof PictureRefusal)) throw error;
    throw error.reason === 'type'
      ? fail('photoType')
      : fail('photoType', { message: '图片已损坏，请重新选择' });
  }
}

export async function registerPhotoRoute(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 },
  });
  const { clock } = ctx.product;

  route(scope, 'forms.photo', async (request) => {
    const user = await currentUser(ctx, request);
    if (!request.isMultipart()) throw fail('photoMissing', { status: 400 });
    let bytes: Buffer | undefined;
    let truncated: boolean;
    try {
      const part = await request.file();
      bytes = part ? await part.toBuffer() : undefined;
      truncated = Boolean(part?.file.truncated);
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fail('photoTooLarge');
      throw fail('photoMissing', { status: 400 });
    }
    // However the parser reports it (an error, or a stream cut at the limit), over is over.
    if (truncated || (bytes && bytes.length > PHOTO_LIMITS.maxBytes)) throw fail('photoTooLarge');
    if (!bytes || bytes.length === 0) throw fail('photoMissing', { status: 400 });

    const uid = userId(user);
    const now = clock.now();
    const usage = await files.store.accountUsageSince(
      PHOTO_OWNER_APP,
      photoOwner(uid).accid,
      nextChinaMidnight(now) - DAY_MS,
    );
    if (usage.count >= PHOTO_LIMITS.perDay)
      throw fail('photoQuota', { message: `每天最多上传${PHOTO_LIMITS.perDay}张图片，请明天再试` });

    const { data, info } = await reencoded(bytes);
    const stored = await files.storeBytes(
      { ...photoOwner(uid), address: clientAddress(request) },
      data,
      'jpg',
    );
    return ok({ ...stored, width: info.width, height: info.height });
  });
}
