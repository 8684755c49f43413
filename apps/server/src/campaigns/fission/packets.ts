// Red-packet fission's rules, on the kernel: opening a packet (split, the owner's share paid at
// once, limits per day and the new shopper's once-only packet) and helping a friend's packet
// (one conditional update takes the next share; the help row's keys and the award's business key
// make it once per friend and share). Every payout is a points award of source `fission`.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { isUniqueViolation, type Database } from '../../store/index.ts';
import { maskMobile } from '../../product/index.ts';
import { changePoints } from '../kernel/points.ts';
import { counterKey, tryIncrement } from '../kernel/counters.ts';
import { findPrize, type Award } from '../kernel/prizes.ts';
import { inTransaction } from '../kernel/transaction.ts';
import { insertAward } from '../store/awards.ts';
import {
  findPacket,
  hasHelped,
  insertHelp,
  insertPacket,
  listHelps,
  takeShare,
  type FissionPacket,
} from '../store/fission.ts';
import type { FissionSettings, PacketRules } from './settings.ts';
import { splitPoints } from './split.ts';

/** The fission pages' kind; `?campaign=` picks one fission campaign of it (decision 0037). */
export const FISSION_KIND = 'fission';
export type PacketKind = 'normal' | 'new';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A shopper's counts in one fission campaign. */
export const fissionKeys = {
  opened: (campaignId: string, uid: number, day: string) =>
    counterKey.daily(campaignId, 'open', uid, day),
  helped: (campaignId: string, uid: number, day: string) =>
    counterKey.daily(campaignId, 'help', uid, day),
  newUser: (campaignId: string, uid: number) => counterKey.total(campaignId, 'new-packet', uid),
};

export const rulesOf = (settings: FissionSettings, kind: PacketKind): PacketRules =>
  kind === 'new' ? settings.newUser : settings.packet;

/** New for `accountAgeDays` after registering. */
export const isNewShopper = (createdAt: number, settings: FissionSettings, now: number) =>
  now - createdAt < settings.newUser.accountAgeDays * DAY_MS;

/** An unguessable share-link token: 20 letters and digits (about 119 bits). */
function newToken(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join('');
}

export function packetState(packet: FissionPacket, now: number): 'open' | 'full' | 'expired' {
  if (Number(packet.taken) >= Number(packet.shares)) return 'full';
  return now >= Number(packet.expires_at) ? 'expired' : 'open';
}

/** The packet as pages show it to `viewerId` (undefined: a visitor). */
export async function packetView(
  db: Kysely<Database>,
  packet: FissionPacket,
  viewerId: number | undefined,
  now: number,
) {
  const helps = await listHelps(db, packet.id);
  const ownerId = Number(packet.owner_id);
  const owner = helps.find((h) => Number(h.helper_id) === ownerId);
  const mine = helps.find((h) => Number(h.helper_id) === viewerId);
  const nameOf = (h: { nickname: string; mobile: string }) => h.nickname || maskMobile(h.mobile);
  return {
    token: packet.id,
    kind: packet.kind as PacketKind,
    ownerName: owner ? nameOf(owner) : '',
    mine: viewerId === ownerId,
    totalPoints: Number(packet.total_points),
    shares: Number(packet.shares),
    taken: Number(packet.taken),
    paid: helps.reduce((sum, h) => sum + Number(h.points), 0),
    createdAt: Number(packet.created_at),
    expiresAt: Number(packet.expires_at),
    state: packetState(packet, now),
    helpers: helps.map((h) => ({
      name: nameOf(h),
      points: Number(h.points),
      at: Number(h.created_at),
      owner: Number(h.helper_id) === ownerId,
    })),
    myPoints: mine ? Number(mine.points) : null,
  };
}

interface Payout {
  settings: FissionSettings;
  packet: FissionPacket;
  slot: number;
  userId: number;
  channel: string;
  now: number;
}

/** Records the share and pays it: a help row, a points award (source fission) and the ledger. */
async function payShare(
  trx: Kysely<Database>,
  p: Payout,
): Promise<{ award: Award; points: number }> {
  const split = JSON.parse(p.packet.split) as number[];
  const points = split[p.slot];
  if (points === undefined) throw new Error(`packet ${p.packet.id} has no share ${p.slot}`);
  await insertHelp(trx, {
    packet_id: p.packet.id,
    slot: p.slot,
    helper_id: p.userId,
    points,
    channel: p.channel,
    created_at: p.now,
  });
  const prize = await findPrize(trx, p.packet.campaign_id, p.settings.sharePrize);
  if (!prize) throw new Error(`fission share prize ${p.settings.sharePrize} is missing`);
  const award = await insertAward(trx, {
    campaign_id: p.packet.campaign_id,
    user_id: p.userId,
    prize_id: Number(prize.id),
    prize_key: prize.prize_key,
    name: `${prize.name} ${points}积分`,
    image: prize.image,
    kind: 'points',
    value: String(points),
    source: 'fission',
    // One payout per share of a packet, whatever happens to the request.
    business_key: `fission:${p.packet.id}:${p.slot}`,
    coupon_id: null,
    address: null,
    created_at: p.now,
  });
  await changePoints(trx, {
    userId: p.userId,
    delta: points,
    reason: award.name,
    businessKey: `award:${award.id}`,
    now: p.now,
  });
  return { award, points };
}

export interface OpenRequest {
  campaignId: string;
  settings: FissionSettings;
  kind: PacketKind;
  owner: { id: number; createdAt: number };
  channel: string;
  day: string;
  now: number;
}

/** Opens a packet: the limits, the split, the owner's share paid. */
export async function openPacket(db: Kysely<Database>, r: OpenRequest) {
  const rules = rulesOf(r.settings, r.kind);
  if (r.kind === 'new' && !isNewShopper(r.owner.createdAt, r.settings, r.now))
    throw fail('fissionNotNewUser');
  return inTransaction(db, async (trx) => {
    // Both limits are conditional increments in this transaction: a refused open counts nothing.
    if (r.kind === 'new') {
      if (!(await tryIncrement(trx, fissionKeys.newUser(r.campaignId, r.owner.id), 1)))
        throw fail('fissionNewUserUsed');
    } else if (
      !(await tryIncrement(
        trx,
        fissionKeys.opened(r.campaignId, r.owner.id, r.day),
        r.settings.packetsPerDay,
      ))
    ) {
      throw fail('fissionPacketDailyLimit');
    }
    const packet: FissionPacket = {
      id: newToken(),
      campaign_id: r.campaignId,
      kind: r.kind,
      owner_id: r.owner.id,
      channel: r.channel,
      total_points: rules.totalPoints,
      shares: rules.shares,
      // Share 0 is the owner's, taken now.
      taken: 1,
      split: JSON.stringify(splitPoints(rules.totalPoints, rules.shares)),
      created_at: r.now,
      expires_at: r.now + rules.minutes * MINUTE_MS,
    };
    await insertPacket(trx, packet);
    const paid = await payShare(trx, { ...r, packet, slot: 0, userId: r.owner.id });
    return { packet, ...paid };
  });
}

export interface HelpRequest {
  campaignId: string;
  settings: FissionSettings;
  token: string;
  helperId: number;
  channel: string;
  day: string;
  now: number;
}

/** Takes the next share of a friend's packet for the helper and pays it. */
export async function helpPacket(db: Kysely<Database>, r: HelpRequest) {
  const packet = await findPacket(db, r.campaignId, r.token);
  if (!packet) throw fail('fissionPacketNotFound');
  if (Number(packet.owner_id) === r.helperId) throw fail('fissionOwnPacket');
  // A friend coming back to a packet they helped hears so, even once it is full or expired.
  if (await hasHelped(db, packet.id, r.helperId)) throw fail('fissionHelpedAlready');
  try {
    return await inTransaction(db, async (trx) => {
      const slot = await takeShare(trx, packet.id, r.now);
      if (slot === undefined) {
        const fresh = (await findPacket(trx, r.campaignId, packet.id))!;
        throw fail(
          packetState(fresh, r.now) === 'full' ? 'fissionPacketFull' : 'fissionPacketExpired',
        );
      }
      // The help row (unique per friend and packet) is written before the day's count moves, so
      // a repeated help is refused as such and counts nothing (the transaction rolls back).
      const paid = await payShare(trx, { ...r, packet, slot, userId: r.helperId });
      if (
        !(await tryIncrement(
          trx,
          fissionKeys.helped(r.campaignId, r.helperId, r.day),
          r.settings.helpsPerDay,
        ))
      )
        throw fail('fissionHelpDailyLimit');
      return { packet: (await findPacket(trx, r.campaignId, packet.id))!, ...paid };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('fissionHelpedAlready');
    throw error;
  }
}
