// Red-packet fission (campaign_fission_packets, campaign_fission_helps; migration 0035). Taking a
// share is one conditional update (`taken < shares and expires_at > now`), so racing helpers can
// never take more shares than the packet has; the help row's keys make each share one friend's.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignFissionHelpTable, CampaignFissionPacketTable } from './tables.ts';

export type FissionPacket = Selectable<CampaignFissionPacketTable>;
export type FissionHelp = Selectable<CampaignFissionHelpTable>;

export async function insertPacket(
  db: Kysely<Database>,
  packet: CampaignFissionPacketTable,
): Promise<void> {
  await db.insertInto('campaign_fission_packets').values(packet).execute();
}

export function findPacket(
  db: Kysely<Database>,
  campaignId: string,
  id: string,
): Promise<FissionPacket | undefined> {
  return db
    .selectFrom('campaign_fission_packets')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The shopper's newest packet of a kind (undefined for none). */
export function latestPacketOf(
  db: Kysely<Database>,
  campaignId: string,
  ownerId: number,
  kind: string,
): Promise<FissionPacket | undefined> {
  return db
    .selectFrom('campaign_fission_packets')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('owner_id', '=', ownerId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes the next share of a packet still open at `now`; answers the slot taken (1-based for
 * helpers), undefined when the packet is full or expired.
 */
export async function takeShare(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('campaign_fission_packets')
    .set({ taken: sql<number>`taken + 1` })
    .where('id', '=', id)
    .where(sql<boolean>`taken < shares`)
    .where('expires_at', '>', now)
    .returning('taken')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.taken) - 1;
}

/** Records a helper's share; a second help by the same friend fails on the unique index. */
export async function insertHelp(db: Kysely<Database>, help: FissionHelp): Promise<void> {
  await db.insertInto('campaign_fission_helps').values(help).execute();
}

/** The helpers of a packet, in the order they helped, with their nicknames. */
export function listHelps(db: Kysely<Database>, packetId: string) {
  return db
    .selectFrom('campaign_fission_helps as h')
    .innerJoin('product_users as u', 'u.id', 'h.helper_id')
    .select(['h.slot', 'h.helper_id', 'h.points', 'h.created_at', 'u.nickname', 'u.mobile'])
    .where('h.packet_id', '=', packetId)
    .orderBy('h.slot')
    .execute();
}

/** Points paid from a packet (owner's share included): never above its total. */
export async function paidFromPacket(db: Kysely<Database>, packetId: string): Promise<number> {
  const row = await db
    .selectFrom('campaign_fission_helps')
    .select((eb) => eb.fn.sum<number>('points').as('paid'))
    .where('packet_id', '=', packetId)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/** Per channel: packets opened, helps given and points paid (the operator's attribution). */
export async function channelStats(db: Kysely<Database>, campaignId: string) {
  const packets = await db
    .selectFrom('campaign_fission_packets')
    .select(['channel', (eb) => eb.fn.countAll<number>().as('packets')])
    .where('campaign_id', '=', campaignId)
    .groupBy('channel')
    .execute();
  const helps = await db
    .selectFrom('campaign_fission_helps as h')
    .innerJoin('campaign_fission_packets as p', 'p.id', 'h.packet_id')
    .select([
      'h.channel',
      // The owner's own share (slot 0) is paid, but it is not a friend's help.
      sql<number>`sum(case when h.slot > 0 then 1 else 0 end)`.as('helps'),
      (eb) => eb.fn.sum<number>('h.points').as('points'),
    ])
    .where('p.campaign_id', '=', campaignId)
    .groupBy('h.channel')
    .execute();
  return { packets, helps };
}

/** Whether the shopper already took a share of the packet (the unique index still decides). */
export async function hasHelped(
  db: Kysely<Database>,
  packetId: string,
  helperId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_fission_helps')
    .select('slot')
    .where('packet_id', '=', packetId)
    .where('helper_id', '=', helperId)
    .executeTakeFirst();
  return row !== undefined;
}
