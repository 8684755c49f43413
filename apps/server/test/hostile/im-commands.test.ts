// Every request command of the protocol's table (packages/protocol COMMANDS, link 'im') gets
// hostile parameter maps generated from its TypeBox schema, over a raw connection that skips the
// SDK's own checks: before login (each must be refused, 403 unless the command is pre-login) and
// after login (each gets a reply code: never 500 or a pack error, never a dropped connection).
// After every command the connection still answers getServerTime. One server per engine.
import { describe, expect, it } from 'vitest';
import { COMMANDS, NON_ERROR_CODES, type CommandName, type Frame } from '@morsel/protocol';
import { forEachEngine } from '../harness/index.ts';
import { imSuite } from '../im-link/suite.ts';
import {
  hostileVariants,
  randomMaps,
  sampleValid,
  type Hostile,
  type Schema,
} from './hostile-values.ts';
import { rawClient, type RawClient } from '../im-link/raw-client.ts';

/**
 * Not fuzzed after login, because a valid map ends the test's own session: logout closes the
 * link, login again replaces it. Both are fuzzed before login.
 */
const SESSION_ENDING = new Set<CommandName>(['logout', 'login']);
/** Run last: they dismiss or give away the team the other commands act on. */
const DESTRUCTIVE = [
  'dismissTeam',
  'leaveTeam',
  'transferTeam',
  'dismissSuperTeam',
  'leaveSuperTeam',
  'transferSuperTeam',
  'kick',
];

const requestCommands = (Object.keys(COMMANDS) as CommandName[])
  .filter(
    (name) =>
      COMMANDS[name].kind === 'request' && COMMANDS[name].link === 'im' && name !== 'heartbeat',
  )
  .sort((a, b) => Number(DESTRUCTIVE.includes(a)) - Number(DESTRUCTIVE.includes(b)));

/** Variants that are still parameter maps (a non-map body is a bad frame, tested in raw-protocol). */
function variantsOf(name: CommandName, known: Record<string, unknown>, seed: number): Hostile[] {
  const schema = COMMANDS[name].request as unknown as Schema;
  return [
    {
      label: 'plausible valid map',
      value: { ...(sampleValid(schema) as object), ...pickKnown(schema, known) },
    },
    ...hostileVariants(schema, known),
    ...randomMaps(schema, 6, seed),
  ].filter((v) => v.value !== null && typeof v.value === 'object' && !Array.isArray(v.value));
}

function pickKnown(schema: Schema, known: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(known).filter(([key]) => key in (schema.properties ?? {})),
  );
}

/** Sends every variant of one command pipelined, then checks each reply and the link. */
/** Consecutive runs of variants whose JSON adds up to at most `budget` bytes (one at least). */
function byteBatches(variants: Hostile[], budget: number): Hostile[][] {
  const batches: Hostile[][] = [[]];
  let bytes = 0;
  for (const variant of variants) {
    const size = Buffer.byteLength(JSON.stringify(variant.value) ?? '');
    if (bytes + size > budget && batches.at(-1)!.length > 0) {
      batches.push([]);
      bytes = 0;
    }
    batches.at(-1)!.push(variant);
    bytes += size;
  }
  return batches;
}

async function fuzz(
  link: RawClient,
  name: CommandName,
  variants: Hostile[],
  check: (code: number, label: string) => string | undefined,
) {
  const failures: string[] = [];
  const replies: PromiseSettledResult<Frame>[] = [];
  // Pipelined in batches of about 1 MiB: the gateway closes a connection whose waiting frames pass
  // MORSEL_IM_QUEUE_MAX_BYTES (4 MiB), as it should.
  for (const batch of byteBatches(variants, 1024 * 1024))
    replies.push(...(await Promise.allSettled(batch.map((v) => link.call(name, v.value)))));
  replies.forEach((reply, i) => {
    const label = variants[i]!.label;
    if (reply.status === 'rejected')
      return failures.push(`${name} [${label}]: ${(reply.reason as Error).message}`);
    const { code, body } = reply.value;
    if (!NON_ERROR_CODES.has(code) && typeof body?.message !== 'string')
      failures.push(`${name} [${label}]: code ${code} without a message`);
    const problem = check(code, label);
    if (problem)
      failures.push(`${name} [${label}]: ${problem} (${String(body?.message).slice(0, 120)})`);
  });
  return failures;
}

await forEachEngine(({ name: engine }) => {
  describe('hostile parameters for every IM command', () => {
    // Hostile logins are refused by the hundred: the login throttle (tested in link-security) must
    // not block this suite's own valid logins from the same address afterwards.
    const suite = imSuite({
      fresh: 'all',
      engine,
      config: { imLoginFailuresPerAddress: 100_000, imLoginFailuresPerAccount: 1000 },
    });

    it('covers the whole command table', () => {
      expect(requestCommands.length).toBeGreaterThan(130);
    });

    it('refuses every command before login with 403 (pre-login commands with their own codes) and keeps the link', async () => {
      let link = await rawClient(suite.server);
      const failures: string[] = [];
      for (const [i, name] of requestCommands.entries()) {
        const preLogin = COMMANDS[name].preLogin;
        const variants = variantsOf(name, {}, 500 + i).slice(0, preLogin ? undefined : 8);
        // The gateway closes a connection after its third refused login (review M1): hostile
        // logins go one at a time, each on a connection of its own.
        const sendings = name === 'login' ? variants.map((v) => [v]) : [variants];
        for (const sending of sendings) {
          if (name === 'login') {
            link.close();
            link = await rawClient(suite.server);
          }
          failures.push(
            ...(await fuzz(link, name, sending, (code) => {
              if (code === 500 || code === 999) return `server error ${code}`;
              if (!preLogin && code !== 403) return `expected 403 before login, got ${code}`;
              if (preLogin && code === 200 && name === 'login') return 'a hostile login succeeded';
              return undefined;
            })),
          );
        }
        if (name === 'login') {
          link.close();
          link = await rawClient(suite.server);
        }
      }
      expect(failures).toEqual([]);
      expect(link.isClosed()).toBe(false);
      link.close();
    });

    it('answers every hostile parameter map after login with a reply code and keeps serving', async () => {
      const owner = await suite.client(0);
      const { team } = await owner.nim.createTeam({
        type: 'advanced',
        name: '敌意参数群',
        accounts: ['demo2'],
      });
      const { team: superTeam } = await owner.nim.createSuperTeam({
        type: 'advanced',
        name: '敌意参数超大群',
        beInviteMode: 'noVerify',
        accounts: ['demo2'],
      });
      const sent = await owner.nim.sendText({ scene: 'p2p', to: 'demo2', text: '一条真消息' });
      await suite.leave(owner.nim);

      const link = await rawClient(suite.server);
      expect((await link.login(suite.server.server.seeded.demoAccounts[0]!)).code).toBe(200);
      const failures: string[] = [];
      let frames = 0;
      for (const [i, name] of requestCommands.entries()) {
        if (SESSION_ENDING.has(name)) continue;
        const known = {
          teamId: name.includes('SuperTeam') ? superTeam.teamId : team.teamId,
          to: 'demo2',
          account: 'demo2',
          accounts: ['demo2'],
          idServer: sent.idServer,
          idClient: sent.idClient,
        };
        const variants = variantsOf(name, known, 900 + i);
        frames += variants.length;
        failures.push(
          ...(await fuzz(link, name, variants, (code) => {
            return code === 500 || code === 999 || code === 998
              ? `server error ${code}`
              : undefined;
          })),
        );
        if (link.isClosed()) {
          failures.push(`${name}: the server dropped the connection`);
          break;
        }
        const alive = await link.call('getServerTime', {});
        if (alive.code !== 200)
          failures.push(`${name}: getServerTime answered ${alive.code} afterwards`);
      }
      if (process.env.MORSEL_TEST_REPORT)
        console.info(
          `${engine}: ${frames} hostile frames over ${requestCommands.length} commands after login`,
        );
      expect(failures).toEqual([]);
      link.close();
      // Another client still logs in and sends.
      const after = await suite.client(1);
      expect(
        (await after.nim.sendText({ scene: 'p2p', to: 'demo1', text: '还活着' })).idServer,
      ).toBeTruthy();
    }, 240_000);
  });
});
