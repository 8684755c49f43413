// A card as every route answers it: what anyone with its link may see (the look, cover, voice and
// lines) and whether the caller made it, never who did.
import type { PostcardCover, PostcardTemplate } from '../campaigns/index.ts';
import type { PostcardRow } from './store/postcards.ts';

export type PostcardLook = Pick<PostcardTemplate, 'key' | 'name' | 'paper' | 'ink' | 'accent'>;

export const lookOf = (template: PostcardTemplate): PostcardLook => ({
  key: template.key,
  name: template.name,
  paper: template.paper,
  ink: template.ink,
  accent: template.accent,
});

export function cardView(row: PostcardRow, voiceUrl: string, viewerId: number | undefined) {
  return {
    code: row.code,
    look: JSON.parse(row.look) as PostcardLook,
    cover: JSON.parse(row.cover) as PostcardCover,
    voice: { url: voiceUrl, durationMs: Number(row.duration_ms) },
    to: row.to_name,
    from: row.from_name,
    text: row.body,
    createdAt: Number(row.created_at),
    mine: viewerId !== undefined && Number(row.user_id) === viewerId,
  };
}
