// kill -9 durability: the real server runs as its own process, as `npm start` runs it (main.ts
// under tsx, its own data directory and port); 50 SDK clients send one-to-one and team messages
// concurrently; the server is SIGKILLed mid-stream and started again on the same data. The
// clients reconnect on their own, resend what failed (same idClient), and sync. Then every
// message acknowledged to its sender is held by each of its recipients, and no client was shown
// any message twice (no idClient twice in its message events, none twice in server history).
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { NIM, type ClientMsg } from '@morsel/im-sdk';
import {
  createPostgresDatabase,
  forEachEngine,
  freePort,
  makeDataDir,
  startProcess,
} from '../harness/index.ts';
import { Events } from '../im-link/clients.ts';
import { nimPost } from '../im-rest/nim-client.ts';

const APP = { appKey: 'kill-restart-app', secret: 'kill-restart-secret' };
const CLIENTS = 50;
/** The server is killed once this many messages were acknowledged: mid-stream, by count. */
const KILL_AFTER_ACKS = 150;
/** Each client stops after this many sends, so the run stays bounded. */
const SENDS_PER_CLIENT = 12;

interface Sent {
  from: number;
  scene: 'p2p' | 'team';
  to: string;
  idClient: string;
}

await forEachEngine(({ label: engine }) => {
  describe('kill -9 mid-stream and restart', () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('keeps every acknowledged message, exactly once, for every recipient', async () => {
      const dataDir = await makeDataDir();
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const database = engine === 'PostgreSQL' ? await createPostgresDatabase() : undefined;
      if (database) cleanups.push(() => database.drop());
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        MORSEL_HOST: '127.0.0.1',
        MORSEL_DATA_DIR: dataDir,
        MORSEL_LOG_LEVEL: 'error',
        MORSEL_IM_APP_KEY: APP.appKey,
        MORSEL_IM_APP_SECRET: APP.secret,
        MORSEL_IM_COMMANDS_PER_SECOND: '10000',
        ...(database && { MORSEL_DATABASE_URL: database.url }),
      };
      let server = await startProcess(env, url);
      cleanups.push(async () => server.kill('SIGKILL'));

      const accounts = Array.from({ length: CLIENTS }, (_, i) => `durable${i}`);
      const created = await Promise.all(
        accounts.map((accid) => nimPost(url, 'create', { accid }, APP)),
      );
      expect(created.map((reply) => reply.body.code)).toEqual(accounts.map(() => 200));
      const tokens = created.map((reply) => reply.body.info!.token);
      const events = accounts.map(() => new Events());
      const nims = accounts.map((accid, i) =>
        NIM.getInstance({
          appKey: APP.appKey,
          account: accid,
          token: tokens[i]!,
          lbsUrl: `${url}/im/lbs`,
          deviceId: `durable-device-${i}`,
          clientType: 'Web',
          logLevel: 'off',
          logUploadUrl: 'off',
          autoConnect: false,
          ...events[i]!.callbacks(),
        }),
      );
      cleanups.push(() => Promise.all(nims.map((nim) => nim.destroy())));
      await Promise.all(nims.map((nim) => nim.connect()));
      await Promise.all(events.map((e) => e.next('syncdone')));
      const { team } = await nims[0]!.createTeam({
        type: 'advanced',
        name: '断电群',
        beInviteMode: 'noVerify',
        accounts: accounts.slice(1),
      });

      // Sending: each client alternates a one-to-one message to its neighbour and a team message.
      const acked: Sent[] = [];
      const failed: { from: number; msg: ClientMsg }[] = [];
      let killed: Promise<void> | undefined;
      const kill = () => {
        killed ??= new Promise<void>((resolve) => {
          server.once('exit', () => resolve());
          server.kill('SIGKILL');
        });
      };
      await Promise.all(
        nims.map(async (nim, i) => {
          for (let k = 0; k < SENDS_PER_CLIENT; k++) {
            const scene = k % 2 === 0 ? 'p2p' : 'team';
            const to = scene === 'p2p' ? accounts[(i + 1) % CLIENTS]! : team.teamId;
            try {
              const msg = await nim.sendText({ scene, to, text: `${scene} ${i}-${k}` });
              acked.push({ from: i, scene, to, idClient: msg.idClient });
              if (acked.length >= KILL_AFTER_ACKS) kill();
            } catch (error) {
              const msg = (error as { event?: { msg?: ClientMsg } }).event?.msg;
              if (msg) failed.push({ from: i, msg });
              return; // this client's link is down: it stops sending until the restart
            }
          }
        }),
      );
      kill();
      await killed;
      const ackedBeforeKill = acked.length;
      expect(ackedBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      // Mid-stream: some sends were in flight when the server died.
      expect(failed.length).toBeGreaterThan(0);

      server = await startProcess(env, url);
      // Every client reconnects by itself and syncs again.
      await Promise.all(events.map((e) => e.until(() => e.all('syncdone').length >= 2, 60_000)));
      // What failed is resent with its idClient: committed-but-unacknowledged ones come back as
      // the stored message (deduplicated), the rest are stored now.
      // One the sync already brought back as sent (committed before the kill, its ack lost) is
      // not resent: the SDK marked it sent itself.
      let syncedBack = 0;
      for (const { from, msg } of failed) {
        const held = nims[from]!.getLocalMsgByIdClient(msg.idClient);
        if (held?.status === 'success') syncedBack++;
        else await nims[from]!.resendMsg({ msg });
        acked.push({
          from,
          scene: msg.scene as 'p2p' | 'team',
          to: msg.target,
          idClient: msg.idClient,
        });
      }

      const recipientsOf = (sent: Sent) =>
        sent.scene === 'p2p'
          ? [accounts.indexOf(sent.to)]
          : accounts.map((_, i) => i).filter((i) => i !== sent.from);
      const missing = () =>
        acked.flatMap((sent) =>
          recipientsOf(sent)
            .filter((r) => !nims[r]!.getLocalMsgByIdClient(sent.idClient))
            .map((r) => `${sent.idClient} → ${accounts[r]}`),
        );
      // Resent messages reach online recipients by push; wait for them (or fail naming them).
      for (let round = 0; round < 300 && missing().length > 0; round++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(missing()).toEqual([]);
      if (process.env.MORSEL_TEST_REPORT)
        console.info(
          `${engine}: ${ackedBeforeKill} acknowledged before the kill, ${failed.length} failed (${syncedBack} synced back as sent, ${failed.length - syncedBack} resent)`,
        );

      // Shown once: no idClient twice among the messages each client was given.
      const duplicates: string[] = [];
      events.forEach((e, i) => {
        const given = [
          ...e.all<ClientMsg>('msg'),
          ...e
            .all<{ msgs: ClientMsg[] }[]>('offlinemsgs')
            .flat()
            .flatMap((s) => s.msgs),
          ...e
            .all<{ msgs: ClientMsg[] }[]>('roamingmsgs')
            .flat()
            .flatMap((s) => s.msgs),
        ].map((m) => m.idClient);
        const seen = new Set<string>();
        for (const id of given) {
          if (seen.has(id)) duplicates.push(`${accounts[i]} was given ${id} twice`);
          seen.add(id);
        }
      });
      expect(duplicates).toEqual([]);
      // Stored once: the team history and every one-to-one history hold each idClient once.
      const histories = [
        await nims[0]!.getHistoryMsgs({ scene: 'team', to: team.teamId, limit: 100 }),
        ...(await Promise.all(
          nims.map((nim, i) =>
            nim.getHistoryMsgs({ scene: 'p2p', to: accounts[(i + 1) % CLIENTS]!, limit: 100 }),
          ),
        )),
      ];
      for (const { msgs } of histories) {
        const ids = msgs.map((m) => m.idClient);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }, 240_000);
  });
});
