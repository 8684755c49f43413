// Team and super-team recalls made while a member was offline, on PostgreSQL: the sync's
// membership joins (team_id cast into the conversation key) and the computed super-team
// sessions run on the other engine too, through the real SDK.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { checkPostgres, createPostgresDatabase, startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from './clients.ts';
import { offlineRecallScenario } from './recall-scenario.ts';

describe.runIf(await checkPostgres())('offline recalls on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: TestServer;
  const opened: NIM[] = [];
  const connect = async (index: number) => {
    const connected = await connectClient(server, index);
    opened.push(connected.nim);
    return connected;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    server = await startTestServer({ databaseUrl: database.url, imCommandsPerSecond: 10_000 });
  });
  afterAll(async () => {
    await Promise.all(opened.map((nim) => nim.destroy()));
    await server?.stop();
    await database?.drop();
  });

  it('tells a team and a super-team member each recall it missed, once', async () => {
    await offlineRecallScenario(connect, 'team');
    await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
    await offlineRecallScenario(connect, 'superTeam');
  });
});
