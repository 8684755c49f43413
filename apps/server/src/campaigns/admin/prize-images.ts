// Prize pictures (admin API, decision 0038): an operator uploads one (multipart, field `file`) or
// picks a built-in one. The bytes are checked for what they are (JPEG, PNG or WebP as sharp reads
// them), then re-encoded as a PNG of at most 480 px a side (twice the largest size a page shows)
// without metadata, so nothing but a picture is ever served as a prize. Kept in the file storage
// the IM cloud serves (im/files), handed in as `PictureStore` since campaigns never import the IM
// parts; at most PRIZE_IMAGES_PER_DAY uploads per Asia/Shanghai day, since each costs disk.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '@morsel/api';
import { PictureRefusal, reencodePicture } from '../../input/index.ts';
import { clientAddress, prepareApiScope, route } from '../../api/index.ts';
import { nextChinaMidnight } from '../../product/index.ts';
import { listPrizeAssets } from '../assets.ts';
import type { CampaignContext } from '../context.ts';
import { requireKey } from './auth.ts';
import { refuse } from './refusals.ts';

/** What the file storage offers a feature that keeps its own pictures (im/files' FileService). */
export interface PictureStore {
  storeBytes(
    owner: { appKey: string; accid: string; address: string },
    bytes: Buffer,
    ext: string,
  ): Promise<{ name: string; url: string; size: number }>;
  store: {
    accountUsageSince(appKey: string, accid: string, since: number): Promise<{ count: number }>;
  };
}

/** The owner the file storage records prize pictures under. */
export const PRIZE_IMAGE_OWNER = { appKey: 'morsel-campaigns', accid: 'admin:prize-images' };
export const PRIZE_IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, maxEdge: 480, perDay: 200 };

const DAY_MS = 86_400_000;

/** The upload as a PNG of at most maxEdge a side, or the admin API's refusal. */
async function reencoded(bytes: Buffer) {
  try {
    return await reencodePicture(bytes, { maxEdge: PRIZE_IMAGE_LIMITS.maxEdge, as: 'png' });
  } catch (error) {
    if (!(error instanceof PictureRefusal)) throw error;
    throw error.reason === 'type'
      ? refuse('adminImageType')
      : refuse('adminImageType', '奖品图片已损坏，请重新选择');
  }
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse('adminImageMissing');
  let bytes: Buffer | undefined;
  let truncated: boolean;
  try {
    const part = await request.file();
    bytes = part ? await part.toBuffer() : undefined;
    truncated = Boolean(part?.file.truncated);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refuse('adminImageTooLarge');
    throw refuse('adminImageMissing');
  }
  if (truncated || (bytes && bytes.length > PRIZE_IMAGE_LIMITS.maxBytes))
    throw refuse('adminImageTooLarge');
  if (!bytes || bytes.length === 0) throw refuse('adminImageMissing');
  return bytes;
}

/** Registered after the file storage, in a scope of its own (multipart only here). */
export async function registerPrizeImageRoutes(
  http: FastifyInstance,
  ctx: CampaignContext,
  pictures: PictureStore,
): Promise<void> {
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    await scope.register(multipart, {
      limits: { fileSize: PRIZE_IMAGE_LIMITS.maxBytes, files: 1, fields: 10, parts: 11 },
    });
    scope.addHook('onRequest', async (request) => {
      await requireKey(ctx, request, ['admin']);
    });
    const { clock } = ctx.product;

    route(scope, 'admin.prizeAssets', async () => ok(listPrizeAssets()));

    route(scope, 'admin.uploadPrizeImage', async (request) => {
      const bytes = await readUpload(request);
      const now = clock.now();
      const usage = await pictures.store.accountUsageSince(
        PRIZE_IMAGE_OWNER.appKey,
        PRIZE_IMAGE_OWNER.accid,
        nextChinaMidnight(now) - DAY_MS,
      );
      if (usage.count >= PRIZE_IMAGE_LIMITS.perDay) throw refuse('adminImageQuota');
      const { data, info } = await reencoded(bytes);
      const stored = await pictures.storeBytes(
        { ...PRIZE_IMAGE_OWNER, address: clientAddress(request) },
        data,
        'png',
      );
      return ok({ url: stored.url, width: info.width, height: info.height, size: stored.size });
    });
  });
}
