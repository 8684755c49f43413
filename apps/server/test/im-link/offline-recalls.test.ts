// Recalls a device missed while it was away, with real SDK clients against the real server: a
// team or super-team member that was offline during a recall hears of it in its next sync (the
// deleteMsg category) as a live member did, once; the message leaves its local messages and
// history, and the session's last message falls back to the one before. On both engines: the
// membership joins (team_id cast into the conversation key) and the computed super-team sessions
// are SQL each engine must run.
import { it } from 'vitest';
import { forEachEngine, type EngineName } from '../harness/index.ts';
import { offlineRecallScenario } from './recall-scenario.ts';
import { imSuite } from './suite.ts';

await forEachEngine('recalls made while a member was offline', ({ name }) => onEngine(name));

function onEngine(engine: EngineName) {
  const suite = imSuite({ fresh: 'each', engine });

  it('reach a team member at its next sync, once, and leave its local messages', async () => {
    await offlineRecallScenario((index) => suite.client(index), 'team');
  });

  it('reach a super-team member at its next sync (computed from its super teams), once', async () => {
    await offlineRecallScenario((index) => suite.client(index), 'superTeam');
  });
}
