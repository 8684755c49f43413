// Every query of chatroom tags: a member's tags as its latest login or tag update set them, and
// the room's online members listed and counted by tag (migration 0052); tags' temporary mutes
// (migration 0053).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { normaliseMember, type MemberKey, type MemberRow } from './store.ts';

export class ChatroomTagStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces the member's tags. */
  async setTags(key: MemberKey, tags: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('im_chatroom_member_tags')
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .execute();
      if (tags.length > 0)
        await trx
          .insertInto('im_chatroom_member_tags')
          .values(
            tags.map((tag) => ({
              app_key: key.appKey,
              room_id: key.roomId,
              tag,
              accid: key.accid,
            })),
          )
          .execute();
    });
  }

  /** Online members carrying the tag who entered before `before`, newest first. */
  async membersByTag(
    appKey: string,
    roomId: number,
    query: { tag: string; before: number; limit: number },
  ): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('im_chatroom_member_tags as t')
      .innerJoin('im_chatroom_members as m', (join) =>
        join
          .onRef('m.app_key', '=', 't.app_key')
          .onRef('m.room_id', '=', 't.room_id')
          .onRef('m.accid', '=', 't.accid'),
      )
      .selectAll('m')
      .where('t.app_key', '=', appKey)
      .where('t.room_id', '=', roomId)
      .where('t.tag', '=', query.tag)
      .where('m.online', '>', 0)
      .where('m.enter_time', '<', query.before)
      .orderBy('m.enter_time', 'desc')
      .orderBy('m.accid')
      .limit(query.limit)
      .execute();
    return rows.map(normaliseMember);
  }

  /** How many online members carry the tag. */
  async countByTag(appKey: string, roomId: number, tag: string): Promise<number> {
    const row = await this.db
      .selectFrom('im_chatroom_member_tags as t')
      .innerJoin('im_chatroom_members as m', (join) =>
        join
          .onRef('m.app_key', '=', 't.app_key')
          .onRef('m.room_id', '=', 't.room_id')
          .onRef('m.accid', '=', 't.accid'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('t.app_key', '=', appKey)
      .where('t.room_id', '=', roomId)
      .where('t.tag', '=', tag)
      .where('m.online', '>', 0)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Mutes the tag until `until` (ms); 0 lifts the mute. */
  async setTagMute(appKey: string, roomId: number, tag: string, until: number): Promise<void> {
    await this.db
      .deleteFrom('im_chatroom_tag_mutes')
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('tag', '=', tag)
      .execute();
    if (until > 0)
      await this.db
        .insertInto('im_chatroom_tag_mutes')
        .values({ app_key: appKey, room_id: roomId, tag, until })
        .execute();
  }

  /** Which of these tags are muted at `now`. */
  async mutedTags(
    appKey: string,
    roomId: number,
    tags: readonly string[],
    now: number,
  ): Promise<string[]> {
    if (tags.length === 0) return [];
    const rows = await this.db
      .selectFrom('im_chatroom_tag_mutes')
      .select('tag')
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('tag', 'in', [...tags])
      .where('until', '>', now)
      .execute();
    return rows.map((row) => row.tag);
  }
}
