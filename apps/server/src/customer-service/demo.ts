// The demo service team of a development install (MORSEL_SEED_DEMO): two agents whom anyone can
// log in as (any mobile logs in through the SMS outbox in development), so the workspace at
// /activity/im/agent has someone to be. Made once: an install with agents keeps its team.
import type { Kysely } from 'kysely';
import { createUser, findUserByMobile } from '../product/index.ts';
import type { Database } from '../store/index.ts';
import type { ServiceTeam } from './agents.ts';
import { agentsWithLoad } from './store.ts';

/** The demo agents (docs/customer-service.md). */
export const DEMO_AGENTS = [
  { mobile: '19900000011', name: '小满' },
  { mobile: '19900000012', name: '阿橙' },
] as const;

export async function seedDemoAgents(
  db: Kysely<Database>,
  team: ServiceTeam,
  now: number,
): Promise<void> {
  if ((await agentsWithLoad(db)).length > 0) return;
  for (const { mobile, name } of DEMO_AGENTS) {
    const user =
      (await findUserByMobile(db, mobile)) ??
      (await createUser(db, mobile, now)) ??
      (await findUserByMobile(db, mobile));
    if (user) await team.add(user, name);
  }
}
