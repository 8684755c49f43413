// A live session's chatroom, as the live room uses it: made with the host as its owner (so the
// host mutes and kicks through the SDK under the chatroom's own rules), its online count, the
// logged-in viewers in it now, and the room's announcements (likes, lottery results) sent as
// custom messages from the host. Everything goes through the chatroom service in process.
import { randomUUID } from 'node:crypto';
import type { ChatroomService } from '../im/chatroom/index.ts';

/** What the live page reads from a room's custom messages (docs/live-pages.md). */
export type LiveAnnouncement =
  | { type: 'live-likes'; likes: number }
  | {
      type: 'live-lottery';
      drawId: number;
      prize: { name: string; image: string };
      /** `account`: the winner's IM account (the room sees accounts anyway, as message senders). */
      winners: { account: string; nick: string; mobile: string }[];
    };

/** The most online visitors a draw reads (newest entries first): a bound on its cost. */
export const DRAW_POOL_MAX = 2000;

export interface RoomRef {
  appKey: string;
  roomId: number;
}

export class LiveRooms {
  constructor(
    private readonly service: ChatroomService,
    readonly addresses: () => string[],
  ) {}

  /**
   * A new room owned by the host's IM account, where anonymous guests read and like but may not
   * speak (decision 0060: every word belongs to an account the host can mute or kick for good).
   */
  async create(appKey: string, hostAccid: string, name: string): Promise<number> {
    const room = await this.service.store.createRoom({
      appKey,
      creator: hostAccid,
      name,
      guestsSilent: true,
    });
    return Number(room.id);
  }

  async onlineCount(ref: RoomRef): Promise<number> {
    const room = await this.service.store.room(ref.appKey, ref.roomId);
    return room ? Number(room.online_count) : 0;
  }

  /** Visitors (neither owner nor manager) in the room now, with the nick each entered with. */
  async onlineVisitors(ref: RoomRef): Promise<{ accid: string; nick: string }[]> {
    const rows = await this.service.store.listMembers(ref.appKey, ref.roomId, {
      guest: true,
      onlyOnline: true,
      before: Number.MAX_SAFE_INTEGER,
      limit: DRAW_POOL_MAX,
    });
    return rows.map((row) => ({ accid: row.accid, nick: row.nick }));
  }

  /**
   * Tells the room something, from the host's account. Likes skip the history (only the latest
   * total matters); lottery results are kept, so a viewer who enters later reads them.
   */
  async announce(ref: RoomRef, hostAccid: string, announcement: LiveAnnouncement): Promise<void> {
    const key = { ...ref, accid: hostAccid };
    const sender =
      (await this.service.store.member(key)) ?? (await this.service.store.changeMember(key, {}));
    await this.service.rooms.send(
      ref,
      sender,
      {
        idClient: randomUUID().replace(/-/g, ''),
        type: 'custom',
        content: JSON.stringify(announcement),
        skipHistory: announcement.type === 'live-likes',
      },
      // The app server's client type, as the REST sendMsg uses.
      32,
    );
  }
}
