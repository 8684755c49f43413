// batchMarkRead (notify 4:5, document 2 "Sync: ... batchMarkRead (sid, cid, ids)"): marks items
// read by id, the push that delivered them named by its sid and cid. Features register what
// they can mark: messages here (their sessions' acks move to the newest message marked), system
// messages with the people feature. A pair nobody registered is refused with 414.
import type { Msg } from '@morsel/protocol';
import { COMMANDS, type CommandName } from '@morsel/protocol';
import { CommandError, type Session, type HandlerTable } from '../gateway/index.ts';
import { ackSession, type AckDeps } from './acks.ts';
import { readableMessage } from './readable.ts';

/** Marks the items with these ids read for the account; unknown or foreign ids are skipped. */
export type ReadMarker = (session: Session, connectionId: string, ids: string[]) => Promise<void>;

export class ReadMarkers {
  private readonly markers = new Map<string, ReadMarker>();

  /** Registers the marker for the items the named pushes deliver. */
  register(pushes: CommandName[], marker: ReadMarker): void {
    for (const name of pushes)
      this.markers.set(`${COMMANDS[name].sid}:${COMMANDS[name].cid}`, marker);
  }

  get(sid: number, cid: number): ReadMarker | undefined {
    return this.markers.get(`${sid}:${cid}`);
  }
}

/** Messages marked read: each session's ack moves to its newest message among them. */
export function messageReadMarker(deps: AckDeps): ReadMarker {
  return async (session, connectionId, ids) => {
    const newest = new Map<string, { scene: Msg['scene']; to: string; time: number }>();
    for (const id of ids) {
      const found = await readableMessage(deps.store.db, deps.scenes, session, id).catch(
        (error: unknown) => {
          if (error instanceof CommandError) return undefined; // not this account's to read: skipped
          throw error;
        },
      );
      if (!found || found.row.from_accid === session.accid) continue; // my own are read already
      const held = newest.get(found.sessionId);
      if (!held || held.time < found.row.time)
        newest.set(found.sessionId, {
          scene: found.row.scene as Msg['scene'],
          to: found.peer,
          time: found.row.time,
        });
    }
    for (const { scene, to, time } of newest.values())
      await ackSession(deps, session, connectionId, scene, to, time);
  };
}

export function readMarkHandlers(markers: ReadMarkers): HandlerTable {
  return {
    async batchMarkRead({ session, connection }, { sid, cid, ids }) {
      const marker = markers.get(sid, cid);
      if (!marker)
        throw new CommandError(
          414,
          `batchMarkRead: ${sid}:${cid} names no messages or system messages`,
        );
      await marker(session, connection.id, ids);
    },
  };
}
