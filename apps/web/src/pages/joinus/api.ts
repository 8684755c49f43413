// Join us as the pages name it, from the route table (@morsel/api).
import type { DataOf } from '../../request/api.ts';
import type { JoinusTrack } from '../../routes/paths.ts';

export type JoinusPageData = DataOf<'joinus.page'>;
export type Track = JoinusPageData['tracks'][number];
export type JoinusEntry = DataOf<'joinus.submit'>;

export function isTrack(value: string | null): value is JoinusTrack {
  return value === 'merchant' || value === 'supplier';
}
