// Several server processes as one deployment (docs/operations.md, "Running a cluster"): three
// processes on one PostgreSQL database and one Redis. The load balancer hands out the live
// gateways, each account's first; clients spread over the processes reach each other one-to-one,
// in teams and in super teams; a process killed with SIGKILL mid-stream loses its clients to the
// others and no acknowledged message is lost or shown twice; a Redis restart is survived the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIM, type ClientMsg } from '@morsel/im-sdk';
import { checkPostgres, checkRedis } from '../harness/index.ts';
import { Events } from '../im-link/clients.ts';
import { nimPost } from '../im-rest/nim-client.ts';
import { CLUSTER_APP, kill, startCluster, type Cluster } from './cluster-processes.ts';

const available = (await checkPostgres()) && (await checkRedis());

interface Client {
  accid: string;
  nim: NIM;
  events: Events;
  /** The gateway the load balancer puts first for this account. */
  home: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing is missing (or the time is up) and returns what still is. */
async function settle(missing: () => string[], ms = 30_000): Promise<string[]> {
  for (let waited = 0; waited < ms && missing().length > 0; waited += 100) await wait(100);
  return missing();
}

/** Polls an asynchronous condition until it holds or the time is up; says whether it held. */
async function until(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 250) {
    if (await condition()) return true;
    await wait(250);
  }
  return condition();
}

/** No client was given any idClient twice, live or by sync. */
function duplicatesOf(clients: Client[]): string[] {
  return clients.flatMap((client) => {
    const { accid } = client;
    const given = receivedOf(client).map((m) => m.idClient);
    const seen = new Set<string>();
    const twice: string[] = [];
    for (const id of given) {
      if (seen.has(id)) twice.push(`${accid} was given ${id} twice`);
      seen.add(id);
    }
    return twice;
  });
}

/** Every message a client was given, live or by sync, with how (l live, o offline, r roaming). */
function receivedOf({ events }: Client): (ClientMsg & { how: string })[] {
  const synced = (kind: string, how: string) =>
    events
      .all<{ msgs: ClientMsg[] }[]>(kind)
      .flat()
      .flatMap((s) => s.msgs.map((m) => ({ ...m, how })));
  return [
    ...events.all<ClientMsg>('msg').map((m) => ({ ...m, how: 'l' })),
    ...synced('offlinemsgs', 'o'),
    ...synced('roamingmsgs', 'r'),
  ];
}

/** The gateways one process's load balancer hands an account, its home first. */
async function linkFor(url: string, accid: string): Promise<string[]> {
  const answer = (await (
    await fetch(`${url}/im/lbs?k=${CLUSTER_APP.appKey}&id=${accid}`)
  ).json()) as { link: string[] };
  return answer.link;
}

/** Picks accounts until each of the processes is home to `each` of them. */
async function accountsHomedEvenly(
  lbs: string,
  processes: number,
  each: number,
): Promise<{ accid: string; home: string }[]> {
  const perHome = new Map<string, number>();
  const chosen: { accid: string; home: string }[] = [];
  for (let i = 0; chosen.length < processes * each; i++) {
    if (i >= 500) throw new Error(`no even spread of accounts: ${JSON.stringify([...perHome])}`);
    const accid = `cluster${i}`;
    const home = (await linkFor(lbs, accid))[0]!;
    if ((perHome.get(home) ?? 0) >= each) continue;
    perHome.set(home, (perHome.get(home) ?? 0) + 1);
    chosen.push({ accid, home });
  }
  return chosen;
}

describe.skipIf(!available)('a cluster of three processes on PostgreSQL and Redis', () => {
  let cluster: Cluster;
  const clients: Client[] = [];
  let teamId = '';

  beforeAll(async () => {
    cluster = await startCluster(3);
    const lbs = cluster.nodes[0]!.url;
    // Twelve accounts, four homed on each process (the ports are random, so which process an
    // account hashes to is picked here rather than left to chance); each logs in through the
    // first process's load balancer.
    const chosen = await accountsHomedEvenly(lbs, cluster.nodes.length, 4);
    for (const [i, { accid, home }] of chosen.entries()) {
      const created = await nimPost(lbs, 'create', { accid }, CLUSTER_APP);
      const token = created.body.info!.token;
      const events = new Events();
      const nim = NIM.getInstance({
        appKey: CLUSTER_APP.appKey,
        account: accid,
        token,
        lbsUrl: `${lbs}/im/lbs`,
        deviceId: `cluster-device-${i}`,
        clientType: 'Web',
        logLevel: 'off',
        logUploadUrl: 'off',
        autoConnect: false,
        ...events.callbacks(),
      });
      clients.push({ accid, nim, events, home });
    }
    await Promise.all(clients.map((c) => c.nim.connect()));
    await Promise.all(clients.map((c) => c.events.next('syncdone')));
    const { team } = await clients[0]!.nim.createTeam({
      type: 'advanced',
      name: '集群群',
      beInviteMode: 'noVerify',
      accounts: clients.slice(1).map((c) => c.accid),
    });
    teamId = team.teamId;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.nim.destroy()));
    await cluster?.stop();
  });

  it('hands out every live gateway, each account its own first', async () => {
    const urls = cluster.nodes.map((n) => n.url).sort();
    for (const client of clients) {
      // Every process's load balancer answers alike for an account: all three, its home first.
      for (const node of cluster.nodes) {
        const link = await linkFor(node.url, client.accid);
        expect(link[0]).toBe(client.home);
        expect([...link].sort()).toEqual(urls);
      }
    }
  });

  it('delivers one-to-one, team and super-team messages across processes', async () => {
    const [a, b] = [clients[0]!, clients.find((c) => c.home !== clients[0]!.home)!];
    const p2p = await a.nim.sendText({ scene: 'p2p', to: b.accid, text: '跨进程单聊' });
    const team = await b.nim.sendText({ scene: 'team', to: teamId, text: '跨进程群聊' });
    const { team: superTeam } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '集群超级群',
      beInviteMode: 'noVerify',
      accounts: clients.slice(1).map((c) => c.accid),
    });
    const superMsg = await a.nim.sendText({
      scene: 'superTeam',
      to: superTeam.teamId,
      text: '跨进程超级群',
    });
    const missing = () => [
      ...(b.nim.getLocalMsgByIdClient(p2p.idClient) ? [] : [`p2p → ${b.accid}`]),
      ...clients
        .filter((c) => c !== b && !c.nim.getLocalMsgByIdClient(team.idClient))
        .map((c) => `team → ${c.accid}`),
      ...clients
        .filter((c) => c !== a)
        .filter(
          (c) => !c.events.all<ClientMsg>('msg').some((m) => m.idClient === superMsg.idClient),
        )
        .map((c) => `super team → ${c.accid}`),
    ];
    expect(await settle(missing)).toEqual([]);
  });

  it('loses no acknowledged message when a process is killed mid-stream', async () => {
    const victim = cluster.nodes[1]!;
    const onVictim = clients.filter((c) => c.home === victim.url);
    expect(onVictim.length).toBeGreaterThan(0);
    interface Sent {
      from: Client;
      scene: 'p2p' | 'team';
      to: string;
      idClient: string;
    }
    const acked: Sent[] = [];
    const failed: { from: Client; msg: ClientMsg }[] = [];
    let killed: Promise<void> | undefined;
    await Promise.all(
      clients.map(async (from, i) => {
        for (let k = 0; k < 10; k++) {
          const scene = k % 2 === 0 ? 'p2p' : 'team';
          const to = scene === 'p2p' ? clients[(i + 1) % clients.length]!.accid : teamId;
          try {
            const msg = await from.nim.sendText({ scene, to, text: `${scene} ${i}-${k}` });
            acked.push({ from, scene, to, idClient: msg.idClient });
            if (acked.length >= 40) killed ??= kill(victim);
          } catch (error) {
            const msg = (error as { event?: { msg?: ClientMsg } }).event?.msg;
            if (msg) failed.push({ from, msg });
            return;
          }
        }
      }),
    );
    await (killed ?? kill(victim));
    // The victim's clients reconnect to the two others by themselves and sync again.
    await Promise.all(
      onVictim.map((c) => c.events.until(() => c.events.all('syncdone').length >= 2, 60_000)),
    );
    for (const { from, msg } of failed) {
      const held = from.nim.getLocalMsgByIdClient(msg.idClient);
      if (held?.status !== 'success') await from.nim.resendMsg({ msg });
      acked.push({
        from,
        scene: msg.scene as 'p2p' | 'team',
        to: msg.target,
        idClient: msg.idClient,
      });
    }
    // A message the dead process stored but had not yet published reaches the recipients on the
    // other processes with the next message of its conversation, which shows the gap in its
    // sequence (the SDK then pulls what is missing), or at their next sync. So every
    // conversation goes on: each client sends its neighbour one more, and one goes to the team.
    await Promise.all(
      clients.map(async (from, i) => {
        const to = clients[(i + 1) % clients.length]!.accid;
        const msg = await from.nim.sendText({ scene: 'p2p', to, text: `after ${i}` });
        acked.push({ from, scene: 'p2p', to, idClient: msg.idClient });
      }),
    );
    const last = await clients[0]!.nim.sendText({ scene: 'team', to: teamId, text: 'after all' });
    acked.push({ from: clients[0]!, scene: 'team', to: teamId, idClient: last.idClient });
    const recipientsOf = (sent: Sent) =>
      sent.scene === 'p2p'
        ? clients.filter((c) => c.accid === sent.to)
        : clients.filter((c) => c !== sent.from);
    const missing = () =>
      acked.flatMap((sent) =>
        recipientsOf(sent)
          .filter((r) => !r.nim.getLocalMsgByIdClient(sent.idClient))
          .map((r) => `${sent.idClient} → ${r.accid}`),
      );
    const stillMissing = await settle(missing);
    // What the next failure needs to be understood (once in a few loaded runs a recipient lacked
    // one acknowledged message): how the message went and what the recipient was given of its
    // conversation.
    const resent = new Set(failed.map(({ msg }) => msg.idClient));
    const homeName = (url: string) =>
      url === victim.url
        ? 'the killed process'
        : `process ${cluster.nodes.findIndex((n) => n.url === url)}`;
    const explain = (sent: Sent) =>
      recipientsOf(sent)
        .filter((r) => !r.nim.getLocalMsgByIdClient(sent.idClient))
        .map((r) => {
          const held = sent.from.nim.getLocalMsgByIdClient(sent.idClient);
          const session = held?.sessionId ?? '';
          const given = receivedOf(r)
            .filter((m) => m.scene === sent.scene)
            .filter((m) =>
              sent.scene === 'p2p' ? m.from === sent.from.accid : m.target === sent.to,
            )
            .map((m) => `${m.seq}@${m.time}${m.how}`);
          return (
            `${sent.idClient} (${sent.scene} seq ${held?.seq} at ${held?.time}, ` +
            `from ${sent.from.accid} on ${homeName(sent.from.home)}${resent.has(sent.idClient) ? ', resent' : ''}) ` +
            `→ ${r.accid} on ${homeName(r.home)}, ${r.events.all('syncdone').length} syncs, ` +
            `given of ${session}: ${given.join(' ')}`
          );
        });
    expect(stillMissing, acked.flatMap(explain).join('\n')).toEqual([]);
    expect(duplicatesOf(clients)).toEqual([]);
    // The load balancers stop handing out the dead process once its heartbeat lapsed, and hand
    // it out again when it is back.
    const handedOut = async () =>
      (
        (await (
          await fetch(`${cluster.nodes[0]!.url}/im/lbs?k=${CLUSTER_APP.appKey}&id=x`)
        ).json()) as { link: string[] }
      ).link;
    expect(await until(async () => !(await handedOut()).includes(victim.url), 30_000)).toBe(true);
    await cluster.restart(1);
    expect(await until(async () => (await handedOut()).includes(victim.url), 30_000)).toBe(true);
  }, 180_000);

  it('resumes delivery after Redis restarts, with nothing acknowledged lost', async () => {
    await cluster.redis.down();
    await wait(500);
    await cluster.redis.up();
    const acked: { from: Client; idClient: string }[] = [];
    for (const [i, from] of clients.entries()) {
      const to = clients[(i + 5) % clients.length]!;
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          const msg = await from.nim.sendText({ scene: 'p2p', to: to.accid, text: `after ${i}` });
          acked.push({ from: to, idClient: msg.idClient });
          break;
        } catch {
          await wait(200); // the link may be reconnecting; the message is sent again
        }
      }
    }
    expect(acked).toHaveLength(clients.length);
    const missing = () =>
      acked
        .filter(({ from: to, idClient }) => !to.nim.getLocalMsgByIdClient(idClient))
        .map(({ from: to, idClient }) => `${idClient} → ${to.accid}`);
    expect(await settle(missing, 60_000)).toEqual([]);
    expect(duplicatesOf(clients)).toEqual([]);
  }, 120_000);

  it('hands the clients of a process stopped with SIGTERM to the others, silently', async () => {
    const leaving = cluster.nodes[2]!;
    const onLeaving = clients.filter((c) => c.home === leaving.url);
    expect(onLeaving.length).toBeGreaterThan(0);
    const before = new Map(
      onLeaving.map((c) => [
        c,
        { disconnects: c.events.all('disconnect').length, syncs: c.events.all('syncdone').length },
      ]),
    );
    await new Promise<void>((resolve) => {
      leaving.process.once('exit', () => resolve());
      leaving.process.kill('SIGTERM');
    });
    // Each reconnects elsewhere and syncs, without the application being told of a disconnect.
    await Promise.all(
      onLeaving.map((c) =>
        c.events.until(() => c.events.all('syncdone').length > before.get(c)!.syncs, 30_000),
      ),
    );
    for (const c of onLeaving)
      expect(c.events.all('disconnect')).toHaveLength(before.get(c)!.disconnects);
    // And they chat on: every one of them reaches a client of another process.
    const other = clients.find((c) => c.home !== leaving.url)!;
    const sent = await Promise.all(
      onLeaving.map((c) => c.nim.sendText({ scene: 'p2p', to: other.accid, text: '换了网关' })),
    );
    const missing = () =>
      sent.filter((m) => !other.nim.getLocalMsgByIdClient(m.idClient)).map((m) => m.idClient);
    expect(await settle(missing)).toEqual([]);
  }, 60_000);
});
