// The demo live sessions of a development install (MORSEL_SEED_DEMO): one on air, one upcoming,
// one to replay, all playing the sample stream, hosted by a demo shopper whom anyone can log in
// as (any mobile logs in through the SMS outbox in development). Made once: an install that has
// sessions keeps them.
import type { Kysely } from 'kysely';
import { createUser, findUserByMobile } from '../product/index.ts';
import type { Database } from '../store/index.ts';
import type { LiveSessions } from './sessions.ts';
import { listSessions } from './store.ts';

/** The demo host's mobile (docs/live-pages.md). */
export const DEMO_HOST_MOBILE = '19900000001';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

export async function seedDemoSessions(
  db: Kysely<Database>,
  sessions: LiveSessions,
  now: number,
): Promise<void> {
  if ((await listSessions(db, 1)).length > 0) return;
  const host =
    (await findUserByMobile(db, DEMO_HOST_MOBILE)) ??
    (await createUser(db, DEMO_HOST_MOBILE, now)) ??
    (await findUserByMobile(db, DEMO_HOST_MOBILE));
  if (!host) return;
  const stream = 'sample:snack-studio';
  const demo = [
    { title: '零食直播间：新品坚果试吃', startsAt: now - 10 * 60_000, endsAt: now + 30 * DAY },
    { title: '周末囤货节：芒果干专场', startsAt: now + DAY, endsAt: now + DAY + 2 * HOUR },
    { title: '上周回放：办公室零食开箱', startsAt: now - 7 * DAY, endsAt: now - 7 * DAY + HOUR },
  ];
  for (const session of demo)
    await sessions.create({ ...session, host, stream, campaignId: 'live' });
}
