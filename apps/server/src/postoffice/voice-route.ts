// A post office recording (POST /api/postoffice/voices): one file per request, multipart. Counted
// per account and Asia/Shanghai day before any work (a refused file costs the server ffprobe time
// too), checked and transcoded (voice-media.ts), then kept in the IM file storage owned by the
// shopper, with a row saying whose it is and how long it plays.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { fail, ok, type CodeName } from '@morsel/api';
import { POSTCARD_LIMITS } from '@morsel/api/postoffice';
import { clientAddress, route } from '../api/index.ts';
import {
  currentUser,
  parseSettings,
  requireCampaign,
  requireRunning,
  userId,
  type CampaignContext,
  type PostofficeSettings,
} from '../campaigns/index.ts';
import type { FileService } from '../im/files/index.ts';
import { hitCounter, nextChinaMidnight } from '../product/index.ts';
import { POSTOFFICE_CAMPAIGN, voicePath } from './routes.ts';
import { insertVoice } from './store/postcards.ts';
import { checkVoice, VoiceRefusal, type VoiceRefusalReason } from './voice-media.ts';

/** The owner the file storage records recordings under (its appKey; the accid is the user). */
export const VOICE_OWNER_APP = 'morsel-postoffice';

const REFUSALS: Record<VoiceRefusalReason, CodeName> = {
  type: 'postcardVoiceType',
  long: 'postcardVoiceTooLong',
  short: 'postcardVoiceTooShort',
  unavailable: 'postcardVoiceUnavailable',
};

export async function registerVoiceRoute(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: POSTCARD_LIMITS.maxVoiceBytes, files: 1, fields: 10, parts: 11 },
  });
  const { db, clock } = ctx.product;

  route(scope, 'postoffice.uploadVoice', async (request) => {
    const user = await currentUser(ctx, request);
    const campaign = await requireCampaign(db, POSTOFFICE_CAMPAIGN);
    const now = clock.now();
    requireRunning(campaign, now);
    if (!request.isMultipart()) throw fail('postcardVoiceMissing', { status: 400 });
    let bytes: Buffer | undefined;
    let truncated: boolean;
    try {
      const part = await request.file();
      bytes = part ? await part.toBuffer() : undefined;
      truncated = Boolean(part?.file.truncated);
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fail('postcardVoiceTooLarge');
      throw fail('postcardVoiceMissing', { status: 400 });
    }
    if (truncated || (bytes && bytes.length > POSTCARD_LIMITS.maxVoiceBytes))
      throw fail('postcardVoiceTooLarge');
    if (!bytes || bytes.length === 0) throw fail('postcardVoiceMissing', { status: 400 });

    const uid = userId(user);
    const { voicesPerDay } = parseSettings<PostofficeSettings>(campaign);
    const { count } = await hitCounter(db, `postoffice-voice:${uid}`, now, nextChinaMidnight(now));
    if (count > voicesPerDay)
      throw fail('postcardVoiceQuota', { message: `每天最多录音${voicesPerDay}次，请明天再试` });

    let checked;
    try {
      checked = await checkVoice(bytes);
    } catch (error) {
      if (error instanceof VoiceRefusal) throw fail(REFUSALS[error.reason]);
      throw error;
    }
    const stored = await files.storeBytes(
      { appKey: VOICE_OWNER_APP, accid: `user:${uid}`, address: clientAddress(request) },
      checked.mp3,
      'mp3',
    );
    await insertVoice(db, {
      name: stored.name,
      user_id: uid,
      duration_ms: checked.durationMs,
      created_at: now,
    });
    return ok({
      voice: stored.name,
      url: voicePath(files, stored.name),
      durationMs: checked.durationMs,
      size: stored.size,
    });
  });
}
