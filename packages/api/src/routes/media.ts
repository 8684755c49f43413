// The content pages of issue 22 (docs/content-pages.md): community videos with their poster
// frames and the brand poster, the wine corner behind its age confirmation, and the app's
// latest version by platform. Their copy and lists are campaign settings the admin API edits.
import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import { CAMPAIGN, defineRoutes, UNREADABLE } from './define.ts';

const VideoSource = Type.Object({
  src: Type.String(),
  /** The MIME type with codecs, for `<source type>` (`video/mp4; codecs="avc1.4D401E, mp4a.40.2"`). */
  type: Type.String(),
});

const Video = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  author: Type.String(),
  /** The poster frame: always there, even when the video itself cannot be played yet. */
  poster: Type.String(),
  /**
   * `ready`: playable from `sources`. `preparing`: a sample still being encoded (ask again).
   * `unavailable`: no encoder on this server (development without ffmpeg): the poster only.
   */
  state: StringEnum(['ready', 'preparing', 'unavailable']),
  sources: Type.Array(VideoSource),
  /** Seconds, when known (0 when not). */
  duration: Type.Number(),
  /** Width over height of the picture (9/16 portrait, 16/9 landscape). */
  aspect: Type.Number(),
});

const AppRelease = Type.Object({
  version: Type.String(),
  /** The release day, YYYY-MM-DD (China time). */
  releasedAt: Type.String(),
  notes: Type.Array(Type.String()),
  /** The download size as shown ('86.4 MB'); '' when unknown. */
  size: Type.String(),
});

const PlatformReleases = Type.Object({
  /** Where the update is installed from (the App Store, the APK, a store page). */
  url: Type.String(),
  /** Versions older than this must update to keep using the app ('' when none is forced). */
  minimumVersion: Type.String(),
  latest: Nullable(AppRelease),
  /** Earlier releases, newest first. */
  history: Type.Array(AppRelease),
});

export const MEDIA_ROUTES = defineRoutes({
  'video.page': {
    summary:
      'Community videos (poster, state and sources of each), the brand film and the brand poster copy',
    data: Type.Object({
      campaign: CampaignView,
      videos: Type.Array(Video),
      brand: Type.Object({
        headline: Type.String(),
        story: Type.String(),
        /** The brand film (null when the settings name none, or a video no longer listed). */
        video: Nullable(Video),
        /** The brand poster image (PNG), to show, long-press or download. */
        posterImage: Type.String(),
        /** The same with a download disposition (`?download=1`). */
        posterDownload: Type.String(),
      }),
      middlePage: Type.Object({ headline: Type.String(), description: Type.String() }),
      /** Whether this server can encode the sample videos (ffmpeg found). */
      encoder: Type.Boolean(),
    }),
    errors: [...CAMPAIGN],
  },
  'video.media': {
    summary:
      'A sample video (MP4: H.264 + AAC, faststart) or its poster frame (JPEG), with HTTP Range support',
    params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9-]{1,40}\\.(mp4|jpg)$' }) }),
    reply: 'video/mp4',
    data: Type.String({ description: 'the bytes (206 for a Range request)' }),
    errors: [...UNREADABLE, 'videoNotFound', 'videoPreparing'],
  },
  'video.brandPoster': {
    summary: 'The brand poster, rendered on the server (PNG, 750 x 1334) from the brand settings',
    querystring: Type.Object({ download: Type.Optional(StringEnum(['1'])) }),
    reply: 'image/png',
    data: Type.String({ description: 'PNG image' }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'tooManyRequests'],
  },
  'wine.page': {
    summary: 'The wine corner: the age confirmation copy, the minimum age and the wines',
    data: Type.Object({
      campaign: CampaignView,
      minimumAge: Type.Integer(),
      gate: Type.Object({
        title: Type.String(),
        message: Type.String(),
        confirmText: Type.String(),
        declineText: Type.String(),
      }),
      exit: Type.Object({ title: Type.String(), message: Type.String() }),
      /** How many days a confirmation is remembered on the device. */
      rememberDays: Type.Integer(),
      notice: Type.String(),
      products: Type.Array(
        Type.Object({
          key: Type.String(),
          name: Type.String(),
          spec: Type.String(),
          /** Yuan, as a decimal string ('129.00'). */
          price: Type.String(),
          image: Type.String(),
          tag: Type.String(),
          /** Where the product is bought ('' when the mall has no page for it yet). */
          url: Type.String(),
        }),
      ),
    }),
    errors: [...CAMPAIGN],
  },
  'update.page': {
    summary: "The app's latest version, its changes and earlier releases, per platform",
    data: Type.Object({
      campaign: CampaignView,
      appName: Type.String(),
      ios: PlatformReleases,
      android: PlatformReleases,
    }),
    errors: [...CAMPAIGN],
  },
});
