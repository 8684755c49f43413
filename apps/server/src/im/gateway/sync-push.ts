// Every sync push goes through here: items are packed into pushes by their ENCODED size
// (MessagePack, what the frame carries), so no push can reach the frame limit whatever the items
// hold (3-byte Chinese characters, long custom fields, thousands of rows). One shared mechanism
// for every sync category, instead of a count or a UTF-16 length per source.
import {
  encodedSize,
  MAX_FRAME_BYTES,
  type CommandName,
  type PushName,
  type PushParams,
} from '@morsel/protocol';
import type { HandlerContext } from './handlers/types.ts';

/**
 * Bytes of items per push: well under the frame limit, leaving room for the header, the map key
 * and the array's length prefix, and keeping one push's decode on a phone short.
 */
export const SYNC_PUSH_BYTES = Math.floor(MAX_FRAME_BYTES / 2);
/** Items per push even when they are small (one push's work on the client stays bounded). */
export const SYNC_PUSH_ITEMS = 500;

/** An item larger than a whole push on its own (cannot happen with the protocol's field limits). */
export class OversizedSyncItem extends Error {
  constructor(
    readonly command: CommandName,
    readonly bytes: number,
  ) {
    super(`a ${command} item of ${bytes} bytes exceeds the ${SYNC_PUSH_BYTES}-byte push budget`);
    this.name = 'OversizedSyncItem';
  }
}

/** The keys of a push's parameters that hold a list: what a sync push can be chunked by. */
type ListKey<N extends PushName> = {
  [K in keyof PushParams<N>]-?: PushParams<N>[K] extends readonly unknown[] ? K : never;
}[keyof PushParams<N>];
type ItemOf<
  N extends PushName,
  K extends ListKey<N>,
> = PushParams<N>[K] extends readonly (infer T)[] ? T : never;

/**
 * Pushes `items` as `{ [key]: chunk, ...extra }` in as many pushes as their encoded size needs.
 * Returns how many pushes were sent. An item too large for any push throws OversizedSyncItem
 * before anything of the oversized chunk is sent; the sync isolates the category (handlers/sync.ts).
 */
export function pushInChunks<N extends PushName, K extends ListKey<N>>(
  context: HandlerContext,
  name: N,
  key: K,
  items: readonly ItemOf<N, K>[],
  ...[extra]: Partial<Omit<PushParams<N>, K>> extends Omit<PushParams<N>, K>
    ? [extra?: Omit<PushParams<N>, K>]
    : [extra: Omit<PushParams<N>, K>]
): number {
  let chunk: ItemOf<N, K>[] = [];
  let bytes = 0;
  let pushes = 0;
  const flush = () => {
    if (!chunk.length) return;
    // The computed key widens the object's type, though `key` and `extra` are typed from the
    // push's own parameters above: the one cast of the sync pushes.
    context.connection.push(name, { ...extra, [key]: chunk } as PushParams<N>);
    pushes++;
    chunk = [];
    bytes = 0;
  };
  for (const item of items) {
    const size = encodedSize(item);
    if (size > SYNC_PUSH_BYTES) throw new OversizedSyncItem(name, size);
    if (chunk.length >= SYNC_PUSH_ITEMS || bytes + size > SYNC_PUSH_BYTES) flush();
    chunk.push(item);
    bytes += size;
  }
  flush();
  return pushes;
}

/** A sync's new timetag: the newest row time it read, or the client's own when none was new. */
export const newest = (since: number, times: readonly number[]): number =>
  times.reduce((max, t) => Math.max(max, t), since);
