// NIM's spatial messages (空间消息, updateCoordinate): a connection may stand at a point of the
// room's space with a distance it hears within; a message may be sent from a point. A located
// message reaches the connections within their distance of it, and those that stand nowhere (or
// set no distance: they have not opted in); a message from nowhere reaches everyone (decision 0058).
import type { Static } from '@sinclair/typebox';
import type { ChatroomLocation } from '@morsel/protocol';

export type Point = Static<typeof ChatroomLocation>;

/** A connection's place in the room's space. */
export interface Spatial {
  location?: Point;
  distance?: number;
}

/** Whether a connection at `listener` hears a message sent from `at`. */
export function hears(listener: Spatial, at: Point | undefined): boolean {
  if (at === undefined || listener.location === undefined || listener.distance === undefined)
    return true;
  const dx = listener.location.x - at.x;
  const dy = listener.location.y - at.y;
  const dz = listener.location.z - at.z;
  return dx * dx + dy * dy + dz * dz <= listener.distance * listener.distance;
}
