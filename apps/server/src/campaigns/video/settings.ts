// Settings of the community video pages (kind `video`): the videos, the brand film and poster
// copy, and the copy of the shared-video landing page. Operators change them with the admin API
// (PATCH /admin/api/campaigns/video). A video is either one of the samples this server generates
// (`sample:<name>`, art in ./art/) or an HTTPS URL of an MP4 with its own poster.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import { SAMPLE_NAMES } from './samples.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/)' });

export const VideoEntry = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
    title: Type.String({ minLength: 1, maxLength: 40 }),
    description: Type.String({ maxLength: 300 }),
    author: Type.String({ maxLength: 20 }),
    /** `sample:<art name>` (generated here with ffmpeg) or an https URL of an H.264 MP4. */
    src: Type.String({ maxLength: 1024, pattern: '^(sample:[a-z0-9-]{1,40}|https://\\S+)$' }),
    /** The poster frame of a URL video (a sample's is its own first frame). */
    poster: Type.Optional(Url),
    /** Seconds, for a URL video (a sample's is known). */
    duration: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
    /** Width over height, for a URL video (default 9/16). */
    aspect: Type.Optional(Type.Number({ minimum: 0.2, maximum: 5 })),
  },
  { additionalProperties: false },
);
export type VideoEntry = Static<typeof VideoEntry>;

export const VideoSettings = Type.Object(
  {
    ...CampaignCopy,
    videos: Type.Array(VideoEntry, { maxItems: 50 }),
    brand: Type.Object(
      {
        /** The id of the brand film among `videos`. */
        videoId: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
        headline: Type.String({ minLength: 1, maxLength: 24 }),
        story: Type.String({ maxLength: 400 }),
        poster: Type.Object(
          {
            headline: Type.String({ minLength: 1, maxLength: 12 }),
            slogan: Type.String({ maxLength: 24 }),
            footer: Type.String({ maxLength: 30 }),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    middlePage: Type.Object(
      {
        headline: Type.String({ minLength: 1, maxLength: 24 }),
        description: Type.String({ maxLength: 120 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type VideoSettings = Static<typeof VideoSettings>;

/** The sample a video plays (`sample:<name>`), or undefined for a URL video. */
export function sampleOf(video: VideoEntry): string | undefined {
  return video.src.startsWith('sample:') ? video.src.slice('sample:'.length) : undefined;
}

/** Ids used twice (ambiguous links), samples with no art, a brand film not among the videos. */
export function videoProblems(settings: VideoSettings): Problem[] {
  const ids = settings.videos.map((v) => v.id);
  const problems: Problem[] = repeatedValues(ids).map((id) => ({
    field: 'settings.videos',
    expects: `视频编号 ${id} 重复`,
  }));
  settings.videos.forEach((video, i) => {
    const sample = sampleOf(video);
    if (sample !== undefined && !SAMPLE_NAMES.includes(sample))
      problems.push({
        field: `settings.videos.${i}.src`,
        expects: `应为内置示例视频之一（${SAMPLE_NAMES.join('、')}），${video.src} 不是`,
      });
  });
  if (!ids.includes(settings.brand.videoId))
    problems.push({
      field: 'settings.brand.videoId',
      expects: `应为 settings.videos 中的视频（${settings.brand.videoId} 不在其中）`,
    });
  return problems;
}
