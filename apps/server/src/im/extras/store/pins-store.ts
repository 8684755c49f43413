// Message pins in the store: at most one per message, shared by its conversation; an unpin
// leaves a tombstone (deleted = 1) so the msgPins sync can replay it, and a later pin revives it.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import { visibleTo } from '../../messaging/index.ts';
import type { ImMsgPinTable } from '../tables.ts';
import { readableByAccount } from './readable-by-account.ts';

export type PinRow = Selectable<ImMsgPinTable>;

/** A message's pin, live or a tombstone. */
export function pinOf(
  db: Kysely<Database>,
  appKey: string,
  messageId: number,
): Promise<PinRow | undefined> {
  return db
    .selectFrom('im_msg_pins')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export interface NewPin {
  appKey: string;
  messageId: number;
  convKey: string;
  from: string;
  custom: string | null;
}

/**
 * Pins a message that has no live pin (a tombstone is revived); a live pin is left as it is, so
 * of two pins at once the first stored wins. Read the pin back to learn which one that was.
 */
export async function pinUnlessPinned(
  db: Kysely<Database>,
  pin: NewPin,
  now: number,
): Promise<void> {
  const values = {
    conv_key: pin.convKey,
    pin_from: pin.from,
    pin_custom: pin.custom,
    create_time: now,
    update_time: now,
    deleted: 0,
  };
  await db
    .insertInto('im_msg_pins')
    .values({ app_key: pin.appKey, message_id: pin.messageId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['app_key', 'message_id'])
        .doUpdateSet(values)
        .where('im_msg_pins.deleted', '=', 1),
    )
    .execute();
}

/** Sets a live pin's custom data; undefined when the message is not pinned. */
export function updatePinCustom(
  db: Kysely<Database>,
  appKey: string,
  messageId: number,
  custom: string,
  now: number,
): Promise<PinRow | undefined> {
  return db
    .updateTable('im_msg_pins')
    .set({ pin_custom: custom, update_time: now })
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .where('deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/** Unpins a message (the row stays as a tombstone); undefined when it was not pinned. */
export function markPinDeleted(
  db: Kysely<Database>,
  appKey: string,
  messageId: number,
  now: number,
): Promise<PinRow | undefined> {
  return db
    .updateTable('im_msg_pins')
    .set({ deleted: 1, update_time: now })
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .where('deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The live pins of a conversation with their messages, newest pin first: messages the account
 * may see, from `readableFrom` on (pins from before a member joined stay hidden, as history).
 */
export function conversationPins(
  db: Kysely<Database>,
  reader: { appKey: string; accid: string },
  convKey: string,
  readableFrom: number,
) {
  return visibleTo(
    db
      .selectFrom('im_msg_pins')
      .innerJoin('im_messages', (join) =>
        join
          .onRef('im_messages.id', '=', 'im_msg_pins.message_id')
          .onRef('im_messages.app_key', '=', 'im_msg_pins.app_key'),
      )
      .select([
        'im_msg_pins.pin_from',
        'im_msg_pins.pin_custom',
        'im_msg_pins.create_time',
        'im_msg_pins.update_time',
      ])
      .select([
        'im_messages.id',
        'im_messages.seq',
        'im_messages.body',
        'im_messages.scene',
        'im_messages.from_accid',
        'im_messages.to_target',
      ])
      .select(['im_messages.id_client', 'im_messages.time', 'im_messages.conv_key'])
      .where('im_msg_pins.app_key', '=', reader.appKey)
      .where('im_msg_pins.conv_key', '=', convKey)
      .where('im_msg_pins.deleted', '=', 0)
      .where('im_messages.time', '>=', readableFrom),
    reader.appKey,
    reader.accid,
  )
    .orderBy('im_msg_pins.create_time', 'desc')
    .execute();
}

/**
 * Pins changed after `since` in conversations the account may read, oldest change first, with
 * their messages' keys; `liveOnly` keeps standing pins of live messages (for a new device).
 */
export function pinsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  query: { since: number; liveOnly: boolean; limit: number },
) {
  let rows = pinsChangedQuery(db, appKey, accid, query.since);
  if (query.liveOnly) rows = rows.where('p.deleted', '=', 0).where('m.deleted_at', 'is', null);
  return rows.orderBy('p.update_time', 'asc').limit(query.limit).execute();
}

/** The rows pinsChangedSince reads, deleted ones too (the sync's probe is their EXISTS). */
export function pinsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_msg_pins as p')
    .innerJoin('im_messages as m', (join) =>
      join.onRef('m.id', '=', 'p.message_id').onRef('m.app_key', '=', 'p.app_key'),
    )
    .select([
      'p.pin_from',
      'p.pin_custom',
      'p.create_time',
      'p.update_time',
      'p.deleted',
      'm.id',
      'm.scene',
      'm.from_accid',
      'm.to_target',
      'm.id_client',
      'm.time',
      'm.conv_key',
    ])
    .where('p.app_key', '=', appKey)
    .where(readableByAccount(appKey, accid))
    .where('p.update_time', '>', since);
}
