// The post office pages' view of the API (@morsel/api routes/postoffice.ts), the recording's
// upload (multipart, like the forms' photos), and what a card's share carries.
import { ENDPOINTS } from '@morsel/api/endpoints';
import { POSTCARD_LIMITS } from '@morsel/api/postoffice';
import { HOSTS } from '../../config/product.ts';
import { commonHeaders, dispatch } from '../../request/transport.ts';
import type { DataOf, Envelope } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import type { PageShare } from '../campaign-kit/share.ts';

export type PostofficeHome = DataOf<'postoffice.home'>;
export type PostcardTemplate = PostofficeHome['templates'][number];
export type PostcardCover = PostofficeHome['covers'][number];
export type Postcard = DataOf<'postoffice.card'>;
export type UploadedVoice = DataOf<'postoffice.uploadVoice'>;

/** A card's code as its link carries it (16 random bytes, base64url). */
export const CARD_CODE = /^[A-Za-z0-9_-]{22}$/;

/** The covers a template goes with, in the operator's order (unknown keys left out). */
export function coversOf(home: PostofficeHome, template: PostcardTemplate): PostcardCover[] {
  return template.covers
    .map((key) => home.covers.find((cover) => cover.key === key))
    .filter((cover): cover is PostcardCover => cover !== undefined);
}

/** Sends a recording; the server checks it again and answers its MP3 and length. */
export function uploadVoice(file: File): Promise<Envelope<UploadedVoice>> {
  if (file.size > POSTCARD_LIMITS.maxVoiceBytes)
    return Promise.resolve({
      code: 65202,
      message: '录音文件过大，请重新录制',
      data: null as never,
    });
  const form = new FormData();
  form.append('file', file, file.name);
  return dispatch<UploadedVoice>({
    method: 'POST',
    url: new URL(`${HOSTS.mobile}${ENDPOINTS['postoffice.uploadVoice'].path}`, location.origin)
      .href,
    body: form,
    headers: commonHeaders(),
    // A minute of voice on a slow mobile link, then the server's transcoding.
    timeoutMs: 120_000,
  });
}

/** A picture WeChat and the poster can use: the seed's SVG covers are also served as PNG. */
function shareImage(image: string): string {
  return image.startsWith('/api/campaign/assets/') && image.endsWith('.svg')
    ? `${image.slice(0, -'.svg'.length)}.png`
    : image;
}

/** What sharing a card sends: who it is from and the start of its text, never more. */
export function cardShare(card: Postcard): PageShare {
  const to = card.to ? `给${card.to}的` : '';
  return {
    path: paths.postofficeCard(card.code),
    title: `${card.from}寄来一张${to}声音明信片`,
    description: card.text.length > 40 ? `${card.text.slice(0, 40)}…` : card.text,
    image: shareImage(card.cover.image),
  };
}

/** "0:07" from milliseconds. */
export function formatSeconds(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
