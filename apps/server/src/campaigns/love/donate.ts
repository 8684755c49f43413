// One donation, as one transaction: the donation row (its request key makes a retry find the
// first one instead of giving twice), the day's count, the points off the ledger (never below
// zero: kernel/points.ts), and the project's total (never past its goal: store/love.ts). Any
// refusal rolls back all four, so a shopper never loses points to a refused donation.
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import { counterKey, tryIncrement } from '../kernel/counters.ts';
import { changePoints } from '../kernel/points.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  donationByRequest,
  insertDonation,
  projectTotals,
  raiseTotal,
  type LoveDonation,
} from '../store/love.ts';
import type { LoveProject, LoveSettings } from './settings.ts';

/** Thrown inside the transaction so it rolls back; answered outside with the current figures. */
class OverGoal extends Error {}

export interface DonationRequest {
  campaignId: string;
  settings: LoveSettings;
  project: LoveProject;
  userId: number;
  points: number;
  requestId: string;
  now: number;
}

export const dailyDonationKey = (campaignId: string, uid: number, day: string) =>
  counterKey.daily(campaignId, 'donate', uid, day);

/** What a project still needs. */
export async function remainingPoints(
  db: Kysely<Database>,
  campaignId: string,
  project: LoveProject,
): Promise<number> {
  const total = (await projectTotals(db, campaignId)).get(project.key);
  return Math.max(0, project.goalPoints - (total?.raised ?? 0));
}

async function refuseOverGoal(
  db: Kysely<Database>,
  campaignId: string,
  project: LoveProject,
): Promise<never> {
  const remaining = await remainingPoints(db, campaignId, project);
  if (remaining === 0) throw fail('loveProjectFunded');
  throw fail('loveOverGoal', {
    message: `该项目还需${remaining}积分，请调整捐赠积分`,
    data: { remainingPoints: remaining },
  });
}

/** Gives `points` to the project; a repeated request id answers the donation it made. */
export async function donate(
  db: Kysely<Database>,
  request: DonationRequest,
): Promise<LoveDonation> {
  const { campaignId, settings, project, userId, points, now } = request;
  if (points > settings.maxPointsPerDonation)
    throw fail('loveAmountInvalid', {
      message: `单次最多捐赠${settings.maxPointsPerDonation}积分`,
      data: { maxPointsPerDonation: settings.maxPointsPerDonation },
    });
  const requestKey = `${userId}:${request.requestId}`;
  const earlier = await donationByRequest(db, requestKey);
  if (earlier) return earlier;
  if (points > (await remainingPoints(db, campaignId, project)))
    await refuseOverGoal(db, campaignId, project);

  let outcome: { retry: true } | { donation: LoveDonation };
  try {
    outcome = await inTransaction(db, async (trx) => {
      const donation = await insertDonation(trx, {
        campaignId,
        projectKey: project.key,
        userId,
        points,
        requestKey,
        now,
      });
      // The same request, racing itself: the first one's donation is the answer.
      if (!donation) return { retry: true as const };
      const today = dailyDonationKey(campaignId, userId, chinaDay(now));
      if (!(await tryIncrement(trx, today, settings.donationsPerDay))) throw fail('loveDailyLimit');
      await changePoints(trx, {
        userId,
        delta: -points,
        reason: `爱心捐赠：${project.title}`,
        businessKey: `love:${campaignId}:donation:${donation.id}`,
        now,
      });
      if (!(await raiseTotal(trx, campaignId, project.key, points, project.goalPoints)))
        throw new OverGoal();
      return { donation };
    });
  } catch (error) {
    // Another donation took the last points between the check and this one: all rolled back.
    if (error instanceof OverGoal) return refuseOverGoal(db, campaignId, project);
    throw error;
  }
  if ('retry' in outcome) {
    const first = await donationByRequest(db, requestKey);
    if (!first) throw new Error(`donation ${requestKey} vanished`);
    return first;
  }
  return outcome.donation;
}
