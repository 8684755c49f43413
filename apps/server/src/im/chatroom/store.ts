// Every chatroom query: rooms, members, the queue and the history. Online counts move by
// increments on enter and leave, so reading them never scans the members.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ChatroomRole, ImChatroomMemberTable, ImChatroomTable } from './tables.ts';

export type RoomRow = Selectable<ImChatroomTable>;
export type MemberRow = ImChatroomMemberTable;
export interface QueueRow {
  element_key: string;
  element_value: string;
}

export interface NewRoom {
  appKey: string;
  creator: string;
  name: string;
  announcement?: string;
  broadcastUrl?: string;
  custom?: string;
  queueLevel?: number;
  /** Anonymous guests read but may not speak (decision 0060). */
  guestsSilent?: boolean;
}

export interface RoomChanges {
  name?: string;
  announcement?: string;
  broadcastUrl?: string;
  custom?: string;
  queueLevel?: number;
}

export interface MemberKey {
  appKey: string;
  roomId: number;
  accid: string;
}

/** A visitor's or member's profile as it enters. */
export interface EnterProfile {
  nick: string;
  avatar: string;
  custom: string;
  anonymous: boolean;
}

export class ChatroomStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async createRoom(room: NewRoom): Promise<RoomRow> {
    const time = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('im_chatrooms')
        .values({
          app_key: room.appKey,
          creator: room.creator,
          name: room.name,
          announcement: room.announcement ?? '',
          broadcast_url: room.broadcastUrl ?? '',
          custom: room.custom ?? '',
          queue_level: room.queueLevel ?? 0,
          closed: 0,
          muted: 0,
          guests_silent: room.guestsSilent ? 1 : 0,
          online_count: 0,
          created_at: time,
          updated_at: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('im_chatroom_members')
        .values({
          ...blankMember(room.appKey, Number(row.id), room.creator, time),
          role: 'owner',
        })
        .execute();
      return normaliseRoom(row);
    });
  }

  async room(appKey: string, roomId: number): Promise<RoomRow | undefined> {
    const row = await this.db
      .selectFrom('im_chatrooms')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('id', '=', roomId)
      .executeTakeFirst();
    return row && normaliseRoom(row);
  }

  async updateRoom(
    appKey: string,
    roomId: number,
    changes: RoomChanges,
  ): Promise<RoomRow | undefined> {
    const values = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.announcement !== undefined && { announcement: changes.announcement }),
      ...(changes.broadcastUrl !== undefined && { broadcast_url: changes.broadcastUrl }),
      ...(changes.custom !== undefined && { custom: changes.custom }),
      ...(changes.queueLevel !== undefined && { queue_level: changes.queueLevel }),
      updated_at: this.now(),
    };
    await this.db
      .updateTable('im_chatrooms')
      .set(values)
      .where('app_key', '=', appKey)
      .where('id', '=', roomId)
      .execute();
    return this.room(appKey, roomId);
  }

  async setRoomFlag(
    appKey: string,
    roomId: number,
    flag: 'closed' | 'muted',
    on: boolean,
  ): Promise<void> {
    await this.db
      .updateTable('im_chatrooms')
      .set({ [flag]: on ? 1 : 0, updated_at: this.now() })
      .where('app_key', '=', appKey)
      .where('id', '=', roomId)
      .execute();
  }

  async member(key: MemberKey): Promise<MemberRow | undefined> {
    const row = await this.db
      .selectFrom('im_chatroom_members')
      .selectAll()
      .where('app_key', '=', key.appKey)
      .where('room_id', '=', key.roomId)
      .where('accid', '=', key.accid)
      .executeTakeFirst();
    return row && normaliseMember(row);
  }

  async members(appKey: string, roomId: number, accids: string[]): Promise<MemberRow[]> {
    if (accids.length === 0) return [];
    const rows = await this.db
      .selectFrom('im_chatroom_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('accid', 'in', accids)
      .execute();
    return rows.map(normaliseMember);
  }

  /** Fixed members (owner, managers, common) newest update first, or online visitors newest first. */
  async listMembers(
    appKey: string,
    roomId: number,
    query: { guest: boolean; onlyOnline: boolean; before: number; limit: number },
  ): Promise<MemberRow[]> {
    let select = this.db
      .selectFrom('im_chatroom_members')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId);
    if (query.guest) {
      select = select
        .where('role', '=', 'none')
        .where('online', '>', 0)
        .where('enter_time', '<', query.before)
        .orderBy('enter_time', 'desc');
    } else {
      select = select
        .where('role', '!=', 'none')
        .where('updated_at', '<', query.before)
        .orderBy('updated_at', 'desc');
      if (query.onlyOnline) select = select.where('online', '>', 0);
    }
    const rows = await select.orderBy('accid').limit(query.limit).execute();
    return rows.map(normaliseMember);
  }

  /**
   * Records one more connection of the account in the room (and in the room's online count);
   * a first visit creates the visitor's row. Returns the member as it stands.
   */
  async enter(key: MemberKey, profile: EnterProfile, holder: string): Promise<MemberRow> {
    const time = this.now();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('im_chatroom_holders')
        .values({
          process_id: holder,
          app_key: key.appKey,
          room_id: key.roomId,
          accid: key.accid,
          connections: 1,
        })
        .onConflict((oc) =>
          oc
            .columns(['process_id', 'app_key', 'room_id', 'accid'])
            .doUpdateSet((eb) => ({ connections: eb('im_chatroom_holders.connections', '+', 1) })),
        )
        .execute();
      const existing = await trx
        .selectFrom('im_chatroom_members')
        .select(['role', 'nick', 'avatar', 'custom'])
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('im_chatroom_members')
          .values({
            ...blankMember(key.appKey, key.roomId, key.accid, time),
            nick: profile.nick,
            avatar: profile.avatar,
            custom: profile.custom,
            anonymous: profile.anonymous ? 1 : 0,
            online: 1,
          })
          .execute();
      } else {
        // A fixed member keeps a saved profile; a visitor shows what it entered with.
        const keepSaved = existing.role !== 'none';
        await trx
          .updateTable('im_chatroom_members')
          .set((eb) => ({
            online: eb('online', '+', 1),
            enter_time: time,
            anonymous: profile.anonymous ? 1 : 0,
            nick: keepSaved && existing.nick ? existing.nick : profile.nick,
            avatar: keepSaved && existing.avatar ? existing.avatar : profile.avatar,
            custom: keepSaved && existing.custom ? existing.custom : profile.custom,
          }))
          .where('app_key', '=', key.appKey)
          .where('room_id', '=', key.roomId)
          .where('accid', '=', key.accid)
          .execute();
      }
      await trx
        .updateTable('im_chatrooms')
        .set((eb) => ({ online_count: eb('online_count', '+', 1) }))
        .where('app_key', '=', key.appKey)
        .where('id', '=', key.roomId)
        .execute();
      const row = await trx
        .selectFrom('im_chatroom_members')
        .selectAll()
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .executeTakeFirstOrThrow();
      return normaliseMember(row);
    });
  }

  /** One connection of the account left; returns whether it was the account's last one. */
  async leave(key: MemberKey, holder: string): Promise<{ lastConnection: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('im_chatroom_holders')
        .set((eb) => ({ connections: eb('connections', '-', 1) }))
        .where('process_id', '=', holder)
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .execute();
      await trx
        .deleteFrom('im_chatroom_holders')
        .where('process_id', '=', holder)
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .where('connections', '<=', 0)
        .execute();
      const row = await trx
        .updateTable('im_chatroom_members')
        .set((eb) => ({
          online: sql<number>`case when ${eb.ref('online')} > 0 then ${eb.ref('online')} - 1 else 0 end`,
        }))
        .where('app_key', '=', key.appKey)
        .where('room_id', '=', key.roomId)
        .where('accid', '=', key.accid)
        .returning('online')
        .executeTakeFirst();
      await trx
        .updateTable('im_chatrooms')
        .set((eb) => ({
          online_count: sql<number>`case when ${eb.ref('online_count')} > 0 then ${eb.ref('online_count')} - 1 else 0 end`,
        }))
        .where('app_key', '=', key.appKey)
        .where('id', '=', key.roomId)
        .execute();
      return { lastConnection: !row || Number(row.online) === 0 };
    });
  }

  /** Changes a member's row, creating it (offline, no role) when the account never visited. */
  async changeMember(
    key: MemberKey,
    changes: Partial<
      Pick<
        MemberRow,
        'role' | 'level' | 'nick' | 'avatar' | 'custom' | 'blacked' | 'gaged' | 'temp_mute_until'
      >
    >,
  ): Promise<MemberRow> {
    const time = this.now();
    await this.db
      .insertInto('im_chatroom_members')
      .values({ ...blankMember(key.appKey, key.roomId, key.accid, time), ...changes })
      .onConflict((oc) =>
        oc.columns(['app_key', 'room_id', 'accid']).doUpdateSet({ ...changes, updated_at: time }),
      )
      .execute();
    const row = await this.member(key);
    if (!row) throw new Error('chatroom member vanished while it was changed');
    return row;
  }

  /** This process is alive and holds its connections (written every few seconds). */
  async vouch(holder: string): Promise<void> {
    const seenAt = this.now();
    await this.db
      .insertInto('im_chatroom_processes')
      .values({ process_id: holder, seen_at: seenAt })
      .onConflict((oc) => oc.column('process_id').doUpdateSet({ seen_at: seenAt }))
      .execute();
  }

  /**
   * A process closing: it stops vouching at once, so whatever its connections' leaves did not
   * settle is repaired by the next sweep (of another process, or its successor at start).
   */
  async stopVouching(holder: string): Promise<void> {
    await this.db
      .updateTable('im_chatroom_processes')
      .set({ seen_at: 0 })
      .where('process_id', '=', holder)
      .execute();
  }

  /**
   * Processes silent since `before` are dead: what they held leaves the members' and the rooms'
   * counts (never below 0), their rows go. Returns each member left with no connection.
   */
  async repairDeadHolders(before: number): Promise<MemberKey[]> {
    const dead = await this.db
      .selectFrom('im_chatroom_processes')
      .select('process_id')
      .where('seen_at', '<', before)
      .execute();
    const orphaned: MemberKey[] = [];
    for (const { process_id } of dead) {
      await this.db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('im_chatroom_holders')
          .selectAll()
          .where('process_id', '=', process_id)
          .execute();
        for (const row of held) {
          const key = { appKey: row.app_key, roomId: Number(row.room_id), accid: row.accid };
          const n = Number(row.connections);
          const member = await trx
            .updateTable('im_chatroom_members')
            .set((eb) => ({
              online: sql<number>`case when ${eb.ref('online')} > ${n} then ${eb.ref('online')} - ${n} else 0 end`,
            }))
            .where('app_key', '=', key.appKey)
            .where('room_id', '=', key.roomId)
            .where('accid', '=', key.accid)
            .returning('online')
            .executeTakeFirst();
          await trx
            .updateTable('im_chatrooms')
            .set((eb) => ({
              online_count: sql<number>`case when ${eb.ref('online_count')} > ${n} then ${eb.ref('online_count')} - ${n} else 0 end`,
            }))
            .where('app_key', '=', key.appKey)
            .where('id', '=', key.roomId)
            .execute();
          if (member && Number(member.online) === 0) orphaned.push(key);
        }
        await trx.deleteFrom('im_chatroom_holders').where('process_id', '=', process_id).execute();
        await trx
          .deleteFrom('im_chatroom_processes')
          .where('process_id', '=', process_id)
          .execute();
      });
    }
    return orphaned;
  }

  /**
   * Keeps a message in the room's history; one sent to a tag target also under each tag its
   * target names (`tags`, with its `type`), for history by tags.
   */
  async saveMessage(
    appKey: string,
    roomId: number,
    message: { from: string; idClient: string; time: number; body: string },
    filed?: { tags: readonly string[]; type: string },
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('im_chatroom_msgs')
        .values({
          app_key: appKey,
          room_id: roomId,
          from_accid: message.from,
          id_client: message.idClient,
          time: message.time,
          body: message.body,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (filed && filed.tags.length > 0)
        await trx
          .insertInto('im_chatroom_msg_tags')
          .values(
            filed.tags.map((tag) => ({
              app_key: appKey,
              room_id: roomId,
              tag,
              msg_id: id,
              time: message.time,
              msg_type: filed.type,
            })),
          )
          .execute();
      return id;
    });
  }

  /**
   * Messages filed under any of the tags, with `from <= time <= to`, of the given types (none:
   * every type): from `from` oldest first, or (reversed) from `to` newest first.
   */
  async historyByTags(
    appKey: string,
    roomId: number,
    query: {
      tags: readonly string[];
      types: readonly string[];
      from: number;
      to: number;
      limit: number;
      reverse: boolean;
    },
  ): Promise<{ id: number; body: string }[]> {
    let filed = this.db
      .selectFrom('im_chatroom_msg_tags')
      .select('msg_id')
      .distinct()
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('tag', 'in', [...query.tags])
      .where('time', '>=', query.from)
      .where('time', '<=', query.to);
    if (query.types.length > 0) filed = filed.where('msg_type', 'in', [...query.types]);
    const direction = query.reverse ? 'desc' : 'asc';
    const rows = await this.db
      .selectFrom('im_chatroom_msgs')
      .select(['id', 'body'])
      .where('id', 'in', filed)
      .orderBy('time', direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), body: row.body }));
  }

  /** History before (or, reversed, after) a time, nearest first unless reversed. */
  async history(
    appKey: string,
    roomId: number,
    query: { timetag: number; limit: number; reverse: boolean },
  ): Promise<{ id: number; body: string }[]> {
    let select = this.db
      .selectFrom('im_chatroom_msgs')
      .select(['id', 'body'])
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId);
    select = query.reverse
      ? select.where('time', '>', query.timetag).orderBy('time', 'asc').orderBy('id', 'asc')
      : select.where('time', '<', query.timetag).orderBy('time', 'desc').orderBy('id', 'desc');
    const rows = await select.limit(query.limit).execute();
    return rows.map((row) => ({ id: Number(row.id), body: row.body }));
  }

  /**
   * Adds an element at the tail, or replaces the value of the element with that key in place.
   * False, and nothing changed, when a new key would pass the room's queue size limit.
   */
  async queueOffer(
    appKey: string,
    roomId: number,
    element: { key: string; value: string; owner: string; transient: boolean },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const tail = await trx
        .selectFrom('im_chatroom_queue')
        .select((eb) => [eb.fn.max('position').as('last'), eb.fn.countAll().as('size')])
        .where('app_key', '=', appKey)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      const room = await trx
        .selectFrom('im_chatrooms')
        .select('queue_size_limit')
        .where('app_key', '=', appKey)
        .where('id', '=', roomId)
        .executeTakeFirst();
      if (Number(tail?.size ?? 0) >= Number(room?.queue_size_limit ?? 0)) {
        const existing = await trx
          .selectFrom('im_chatroom_queue')
          .select('element_key')
          .where('app_key', '=', appKey)
          .where('room_id', '=', roomId)
          .where('element_key', '=', element.key)
          .executeTakeFirst();
        if (!existing) return false;
      }
      await trx
        .insertInto('im_chatroom_queue')
        .values({
          app_key: appKey,
          room_id: roomId,
          element_key: element.key,
          element_value: element.value,
          owner: element.owner,
          transient: element.transient ? 1 : 0,
          position: Number(tail?.last ?? 0) + 1,
        })
        .onConflict((oc) =>
          oc.columns(['app_key', 'room_id', 'element_key']).doUpdateSet({
            element_value: element.value,
            owner: element.owner,
            transient: element.transient ? 1 : 0,
          }),
        )
        .execute();
      return true;
    });
  }

  async setQueueSizeLimit(appKey: string, roomId: number, limit: number): Promise<void> {
    await this.db
      .updateTable('im_chatrooms')
      .set({ queue_size_limit: limit })
      .where('app_key', '=', appKey)
      .where('id', '=', roomId)
      .execute();
  }

  /**
   * Changes the values of the elements that exist (they keep their place and owner); returns
   * the keys that were not in the queue.
   */
  async queueUpdateExisting(
    appKey: string,
    roomId: number,
    elements: Record<string, string>,
  ): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const missing: string[] = [];
      for (const [key, value] of Object.entries(elements)) {
        const result = await trx
          .updateTable('im_chatroom_queue')
          .set({ element_value: value })
          .where('app_key', '=', appKey)
          .where('room_id', '=', roomId)
          .where('element_key', '=', key)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) missing.push(key);
      }
      return missing;
    });
  }

  /** Changes an existing element's value; false when there is none with that key. */
  async queueChange(
    appKey: string,
    roomId: number,
    element: { key: string; value: string; owner: string; transient: boolean },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('im_chatroom_queue')
      .set({
        element_value: element.value,
        owner: element.owner,
        transient: element.transient ? 1 : 0,
      })
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('element_key', '=', element.key)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async queueList(appKey: string, roomId: number, limit = 1000): Promise<QueueRow[]> {
    return this.db
      .selectFrom('im_chatroom_queue')
      .select(['element_key', 'element_value'])
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .orderBy('position')
      .limit(limit)
      .execute();
  }

  /** Takes the element with the key, or the head; undefined when there is none. */
  async queuePoll(appKey: string, roomId: number, key?: string): Promise<QueueRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let select = trx
        .selectFrom('im_chatroom_queue')
        .select(['element_key', 'element_value'])
        .where('app_key', '=', appKey)
        .where('room_id', '=', roomId);
      select =
        key !== undefined ? select.where('element_key', '=', key) : select.orderBy('position');
      const row = await select.limit(1).executeTakeFirst();
      if (!row) return undefined;
      const removed = await trx
        .deleteFrom('im_chatroom_queue')
        .where('app_key', '=', appKey)
        .where('room_id', '=', roomId)
        .where('element_key', '=', row.element_key)
        .executeTakeFirst();
      // A concurrent poll took it first: this one found nothing.
      return Number(removed.numDeletedRows) > 0 ? row : undefined;
    });
  }

  async queueDrop(appKey: string, roomId: number): Promise<void> {
    await this.db
      .deleteFrom('im_chatroom_queue')
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .execute();
  }

  /** Removes the transient elements the account owns; returns their keys. */
  async dropTransient(
    appKey: string,
    roomId: number,
    owner: string,
  ): Promise<Pick<QueueRow, 'element_key' | 'element_value'>[]> {
    return this.db
      .deleteFrom('im_chatroom_queue')
      .where('app_key', '=', appKey)
      .where('room_id', '=', roomId)
      .where('owner', '=', owner)
      .where('transient', '=', 1)
      .returning(['element_key', 'element_value'])
      .execute();
  }
}

function blankMember(appKey: string, roomId: number, accid: string, time: number): MemberRow {
  return {
    app_key: appKey,
    room_id: roomId,
    accid,
    role: 'none' as ChatroomRole,
    anonymous: 0,
    level: 0,
    nick: '',
    avatar: '',
    custom: '',
    blacked: 0,
    gaged: 0,
    temp_mute_until: 0,
    online: 0,
    enter_time: time,
    updated_at: time,
  };
}

/** PostgreSQL's bigint columns may arrive as strings: every number is made one. */
function normaliseRoom(row: RoomRow): RoomRow {
  return {
    ...row,
    id: Number(row.id),
    queue_level: Number(row.queue_level),
    queue_size_limit: Number(row.queue_size_limit),
    closed: Number(row.closed),
    muted: Number(row.muted),
    guests_silent: Number(row.guests_silent),
    online_count: Number(row.online_count),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export function normaliseMember(row: MemberRow): MemberRow {
  return {
    ...row,
    room_id: Number(row.room_id),
    level: Number(row.level),
    anonymous: Number(row.anonymous),
    blacked: Number(row.blacked),
    gaged: Number(row.gaged),
    temp_mute_until: Number(row.temp_mute_until),
    online: Number(row.online),
    enter_time: Number(row.enter_time),
    updated_at: Number(row.updated_at),
  };
}
