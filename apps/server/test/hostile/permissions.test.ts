// The permission matrix: every team and super-team action tried by each role (owner, manager,
// member, outsider, removed member, and a member the owner has blacklisted), through the real
// SDK against the real server, each on a fresh team; and the campaigns' ownership checks (another
// shopper's awards, award address and coupons). Each cell states the expected outcome: 'ok', or
// the refusal code. All mismatches are reported together, so one run shows the whole table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { connectNewAccount } from '../im-link/clients.ts';
import { imSuite } from '../im-link/suite.ts';
import { call, newShopper, startCampaignServer, type Shopper } from '../campaigns/helpers.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { checkPostgres, demoCode } from '../harness/index.ts';

const ROLES = ['owner', 'manager', 'member', 'outsider', 'removed', 'blacklisted'] as const;
type Role = (typeof ROLES)[number];
type Outcome = 'ok' | number;
/** One expected outcome per role, in ROLES order. */
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

interface Team {
  teamId: string;
}
interface Accounts {
  /** The role's own account. */
  of: Record<Role, string>;
  /** A normal member every role acts on (removed, muted, promoted, renamed). */
  target: string;
  /** An account outside the team, for invitations. */
  stranger: string;
}

interface Action {
  name: string;
  /** The team command and its super-team twin. */
  command: [string, string];
  params(team: Team, a: Accounts): Record<string, unknown>;
  /** Super teams name some parameters differently. */
  superParams?(team: Team, a: Accounts): Record<string, unknown>;
  /** What has to exist before the role acts (an application, an invitation). */
  before?(team: Team, a: Accounts, kind: Kind, nim: Record<Role | 'target', NIM>): Promise<void>;
  expected: Row;
}

type Kind = 'team' | 'superTeam';

const NOT_IN = 804;
const NO = 802;

const ACTIONS: Action[] = [
  {
    name: 'update name',
    command: ['updateTeam', 'updateSuperTeamInfo'],
    params: (t) => ({ teamId: t.teamId, name: '改名' }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'update announcement',
    command: ['updateTeam', 'updateSuperTeamInfo'],
    params: (t) => ({ teamId: t.teamId, announcement: '新公告' }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'add members',
    command: ['addTeamMembers', 'addSuperTeamMembers'],
    params: (t, a) => ({ teamId: t.teamId, accounts: [a.stranger] }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'remove a member',
    command: ['removeTeamMembers', 'removeSuperTeamMembers'],
    params: (t, a) => ({ teamId: t.teamId, accounts: [a.target] }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'add a manager',
    command: ['addTeamManagers', 'addSuperTeamManagers'],
    params: (t, a) => ({ teamId: t.teamId, accounts: [a.target] }),
    expected: ['ok', NO, NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'remove a manager',
    command: ['removeTeamManagers', 'removeSuperTeamManagers'],
    params: (t, a) => ({ teamId: t.teamId, accounts: [a.of.manager] }),
    expected: ['ok', NO, NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'transfer',
    command: ['transferTeam', 'transferSuperTeam'],
    params: (t, a) => ({ teamId: t.teamId, account: a.target }),
    expected: ['ok', NO, NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'dismiss',
    command: ['dismissTeam', 'dismissSuperTeam'],
    params: (t) => ({ teamId: t.teamId }),
    expected: ['ok', NO, NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'mute a member',
    command: ['updateMuteStateInTeam', 'updateSuperTeamMembersMute'],
    params: (t, a) => ({ teamId: t.teamId, account: a.target, mute: true }),
    superParams: (t, a) => ({ teamId: t.teamId, accounts: [a.target], mute: true }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'mute the team',
    command: ['muteTeamAll', 'updateSuperTeamMute'],
    params: (t) => ({ teamId: t.teamId, muteType: 'normal' }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'leave',
    command: ['leaveTeam', 'leaveSuperTeam'],
    params: (t) => ({ teamId: t.teamId }),
    expected: [NO, 'ok', 'ok', NOT_IN, NOT_IN, 'ok'],
  },
  {
    name: 'update own member info',
    command: ['updateInfoInTeam', 'updateInfoInSuperTeam'],
    params: (t) => ({ teamId: t.teamId, nickInTeam: '我自己' }),
    expected: ['ok', 'ok', 'ok', NOT_IN, NOT_IN, 'ok'],
  },
  {
    name: "update another member's nick",
    command: ['updateNickInTeam', 'updateNickInSuperTeam'],
    params: (t, a) => ({ teamId: t.teamId, account: a.target, nickInTeam: '改昵称' }),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: 'read the member list',
    command: ['getTeamMembers', 'getSuperTeamMembers'],
    params: (t) => ({ teamId: t.teamId }),
    expected: ['ok', 'ok', 'ok', NOT_IN, NOT_IN, 'ok'],
  },
  {
    name: 'apply to join',
    command: ['applyTeam', 'applySuperTeam'],
    params: (t) => ({ teamId: t.teamId }),
    expected: [809, 809, 809, 'ok', 'ok', 809],
  },
  {
    name: "pass the outsider's application",
    command: ['passTeamApply', 'passSuperTeamApply'],
    params: (t, a) => ({ teamId: t.teamId, from: a.of.outsider }),
    before: async (t, _a, kind, nim) =>
      void (await nim.outsider.sendCmd(kind === 'team' ? 'applyTeam' : 'applySuperTeam', {
        teamId: t.teamId,
      })),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: "reject the outsider's application",
    command: ['rejectTeamApply', 'rejectSuperTeamApply'],
    params: (t, a) => ({ teamId: t.teamId, from: a.of.outsider }),
    before: async (t, _a, kind, nim) =>
      void (await nim.outsider.sendCmd(kind === 'team' ? 'applyTeam' : 'applySuperTeam', {
        teamId: t.teamId,
      })),
    expected: ['ok', 'ok', NO, NOT_IN, NOT_IN, NO],
  },
  {
    name: "accept the outsider's invitation",
    command: ['acceptTeamInvite', 'acceptSuperTeamInvite'],
    params: (t, a) => ({ teamId: t.teamId, from: a.of.owner }),
    before: invite,
    // No invitation is addressed to anyone but the outsider: 404 for everyone else.
    expected: [404, 404, 404, 'ok', 404, 404],
  },
  {
    name: "reject the outsider's invitation",
    command: ['rejectTeamInvite', 'rejectSuperTeamInvite'],
    params: (t, a) => ({ teamId: t.teamId, from: a.of.owner }),
    before: invite,
    // No invitation is addressed to anyone but the outsider: 404 for everyone else.
    expected: [404, 404, 404, 'ok', 404, 404],
  },
];

/** The owner switches invitations to need the invitee's consent and invites the outsider. */
async function invite(
  t: Team,
  a: Accounts,
  kind: Kind,
  nim: Record<Role | 'target', NIM>,
): Promise<void> {
  await nim.owner.sendCmd(kind === 'team' ? 'updateTeam' : 'updateSuperTeamInfo', {
    teamId: t.teamId,
    beInviteMode: 'needVerify',
  });
  await nim.owner.sendCmd(kind === 'team' ? 'addTeamMembers' : 'addSuperTeamMembers', {
    teamId: t.teamId,
    accounts: [a.of.outsider],
  });
}

async function outcomeOf(work: Promise<unknown>): Promise<Outcome> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

const postgres = await checkPostgres();

for (const engine of ['sqlite', 'postgres'] as const)
  describe.runIf(engine === 'sqlite' || postgres)(
    `the permission matrix of teams and super teams (${engine})`,
    () => {
      const suite = imSuite({ fresh: 'all', engine });

      it('gives each role exactly the rights the documented table gives it', async () => {
        const tag = `${process.pid.toString(36)}${engine[0]}`;
        const names = [...ROLES, 'target', 'stranger'].map((r) => `perm-${r}-${tag}`);
        const connected = await Promise.all(
          names.map((accid) => connectNewAccount(suite.server, accid)),
        );
        for (const c of connected) suite.opened.push(c.nim);
        const nim = Object.fromEntries(
          [...ROLES, 'target'].map((r, i) => [r, connected[i]!.nim]),
        ) as Record<Role | 'target', NIM>;
        const accounts: Accounts = {
          of: Object.fromEntries(ROLES.map((r, i) => [r, names[i]!])) as Record<Role, string>,
          target: names[6]!,
          stranger: names[7]!,
        };
        // The owner and the manager blacklist one member: a blacklist is about one-to-one
        // conversations and neither grants nor takes away rights in a team.
        await nim.owner.sendCmd('markInBlacklist', {
          account: accounts.of.blacklisted,
          isAdd: true,
        });
        await nim.manager.sendCmd('markInBlacklist', {
          account: accounts.of.blacklisted,
          isAdd: true,
        });

        /** A fresh team: owner, manager, member, blacklisted member, target; `removed` was in it. */
        async function freshTeam(kind: Kind): Promise<Team> {
          const create = kind === 'team' ? 'createTeam' : 'createSuperTeam';
          const members = [
            accounts.of.manager,
            accounts.of.member,
            accounts.of.removed,
            accounts.of.blacklisted,
            accounts.target,
          ];
          const { team } = await nim.owner.sendCmd(create, {
            type: 'advanced',
            name: '权限矩阵',
            beInviteMode: 'noVerify',
            joinMode: 'needVerify',
            accounts: members,
          });
          const teamId = (team as Team).teamId;
          await nim.owner.sendCmd(kind === 'team' ? 'addTeamManagers' : 'addSuperTeamManagers', {
            teamId,
            accounts: [accounts.of.manager],
          });
          await nim.owner.sendCmd(
            kind === 'team' ? 'removeTeamMembers' : 'removeSuperTeamMembers',
            {
              teamId,
              accounts: [accounts.of.removed],
            },
          );
          return { teamId };
        }

        const mismatches: string[] = [];
        let cells = 0;
        for (const kind of ['team', 'superTeam'] as const) {
          for (const action of ACTIONS) {
            const command = action.command[kind === 'team' ? 0 : 1];
            for (const [i, role] of ROLES.entries()) {
              const team = await freshTeam(kind);
              await action.before?.(team, accounts, kind, nim);
              const params =
                kind === 'superTeam' && action.superParams
                  ? action.superParams(team, accounts)
                  : action.params(team, accounts);
              const got = await outcomeOf(nim[role].sendCmd(command as never, params as never));
              cells++;
              if (got !== action.expected[i])
                mismatches.push(
                  `${kind} ${action.name} (${command}) by ${role}: expected ${action.expected[i]}, got ${got}`,
                );
              // An owner may own 100 teams: dismiss each (by whoever owns it now) once its cell ran.
              const dismiss = kind === 'team' ? 'dismissTeam' : 'dismissSuperTeam';
              for (const owner of [nim.owner, nim.target])
                await outcomeOf(owner.sendCmd(dismiss, { teamId: team.teamId }));
            }
          }
        }
        expect(cells).toBe(2 * ACTIONS.length * ROLES.length);
        expect(mismatches).toEqual([]);
      }, 240_000);
    },
  );

/** Read paths the security review (H5) found open: a non-member sees the card, a late member no past. */
describe('team read paths', () => {
  const suite = imSuite({ fresh: 'all' });

  it('getTeam answers an outsider only the public card (no announcement or custom; docs/im-teams.md)', async () => {
    const owner = await suite.client(0);
    const outsider = await suite.client(2);
    const { team } = await owner.nim.createTeam({
      type: 'advanced',
      name: '公开字段',
      intro: '内部简介',
      announcement: '内部公告',
      custom: '{"secret":1}',
    });
    const seen = await outsider.nim.getTeam({ teamId: team.teamId });
    expect(seen.name).toBe('公开字段');
    expect(seen.intro).toBe('内部简介');
    expect([seen.announcement, seen.custom].filter(Boolean)).toEqual([]);
  });

  it('a member invited later reads no team history from before joining', async () => {
    const owner = await suite.client(0);
    const { team } = await owner.nim.createTeam({
      type: 'advanced',
      name: '入群前',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    await owner.nim.sendText({ scene: 'team', to: team.teamId, text: '入群前说的话' });
    await owner.nim.addTeamMembers({ teamId: team.teamId, accounts: ['demo3'] });
    const late = await suite.client(2);
    const { msgs } = await late.nim.getHistoryMsgs({
      scene: 'team',
      to: team.teamId,
      beginTime: 0,
    });
    expect(msgs.filter((m) => m.type === 0).map((m) => m.text)).toEqual([]);
  });
});

describe('campaign ownership', () => {
  let s: ProductTestServer;
  let owner: Shopper;
  let other: Shopper;
  beforeAll(async () => {
    s = await startCampaignServer();
    [owner, other] = [await newShopper(s), await newShopper(s)];
  });
  afterAll(() => s?.stop());

  it("never shows or changes another shopper's award, address or coupon", async () => {
    const won = await call(s.url, 'POST', '/api/campaign/password/redeem', {
      ut: owner.ut,
      body: { password: demoCode(s, '坚果自由') },
    });
    expect(won.body).toMatchObject({
      code: 0,
      data: { award: { kind: 'goods', state: 'needs_address' } },
    });
    const awardId = won.body.data.award.id as number;
    const award = `/api/campaign/password/awards/${awardId}`;
    const address = {
      name: '张三',
      mobile: '13800138000',
      regionCode: '110101',
      detail: '某街道1号',
    };
    const claimed = await call(s.url, 'POST', '/api/campaign/coupon/claim', {
      ut: owner.ut,
      body: { templateKey: 'all-10-off-99' },
    });
    expect(claimed.body.code).toBe(0);
    const couponId = (await call(s.url, 'GET', '/api/campaign/coupon/mine', { ut: owner.ut })).body
      .data[0].id as number;
    const coupon = `/api/campaign/coupon/mine/${couponId}`;

    const cells: [string, () => Promise<{ body: { code: number } }>, number][] = [
      ['another shopper reads the award', () => call(s.url, 'GET', award, { ut: other.ut }), 60003],
      [
        'another shopper sets its address',
        () => call(s.url, 'POST', `${award}/address`, { ut: other.ut, body: address }),
        60003,
      ],
      [
        'another shopper lists awards',
        () => call(s.url, 'GET', '/api/campaign/password/awards', { ut: other.ut }),
        0,
      ],
      [
        'another shopper reads the coupon',
        () => call(s.url, 'GET', coupon, { ut: other.ut }),
        60050,
      ],
      [
        'another shopper uses the coupon',
        () => call(s.url, 'POST', `${coupon}/use`, { ut: other.ut, body: { orderAmount: 20000 } }),
        60050,
      ],
      ['no session reads the award', () => call(s.url, 'GET', award), -331007],
      [
        'no session sets its address',
        () => call(s.url, 'POST', `${award}/address`, { body: address }),
        -331007,
      ],
      ['no session reads the coupon', () => call(s.url, 'GET', coupon), -331007],
      ['the owner reads the award', () => call(s.url, 'GET', award, { ut: owner.ut }), 0],
      [
        'the owner sets its address',
        () => call(s.url, 'POST', `${award}/address`, { ut: owner.ut, body: address }),
        0,
      ],
      ['the owner reads the coupon', () => call(s.url, 'GET', coupon, { ut: owner.ut }), 0],
    ];
    const mismatches: string[] = [];
    for (const [name, run, expected] of cells) {
      const { body } = await run();
      if (body.code !== expected)
        mismatches.push(`${name}: expected ${expected}, got ${body.code}`);
    }
    expect(mismatches).toEqual([]);
    // The other shopper's list holds none of the owner's awards.
    expect(
      (await call(s.url, 'GET', '/api/campaign/password/awards', { ut: other.ut })).body.data,
    ).toEqual([]);
  });
});
