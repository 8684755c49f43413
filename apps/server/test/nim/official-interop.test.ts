// Both dialects see one truth: an official NIM Web SDK client and clients of our own SDK share a
// one-to-one, a team and a super-team conversation (messages before the official client logs in,
// from it, and live), then the complete lists are compared, not spot-checked: each conversation's
// history (server ids and texts) from both sides, the official client's sessions with their
// unread counts against the same account's sessions on our own SDK, and the member lists of both
// teams from both sides.
import { describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { MSG_TYPES } from '@morsel/protocol';
import { connectClient, demoOptions, Events } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;
type Msg = Item & { idServer: string; text?: string; type: string | number };
type Session = Item & { id: string; unread: number; lastMsg?: Msg };
type Member = Item & { account: string; type: string; nickInTeam: string; mute: boolean };

/** A message type by NIM's name (our SDK numbers them). */
const typeName = (type: string | number) =>
  typeof type === 'string'
    ? type
    : Object.entries(MSG_TYPES).find(([, number]) => number === type)?.[0];
/** A history as compared: oldest first, every message's server id, type and text. */
const asHistory = (msgs: readonly Msg[]) =>
  msgs
    .map((m) => [m.idServer, typeName(m.type), m.text ?? ''])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
const asSessions = (sessions: readonly Session[]) =>
  sessions
    .map((s) => [s.id, s.unread, s.lastMsg?.idServer])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const asMembers = (members: readonly Member[]) =>
  members
    .map((m) => [m.account, m.type, m.nickInTeam ?? '', Boolean(m.mute)])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('one conversation, two dialects: complete lists compared', () => {
  const suite = officialSuite();
  const { ours, newAccount } = suite;

  it('shows the same histories, sessions and members through both SDKs', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-interop');
    const me = account.accid;
    const { team } = await bob.nim.createTeam({
      type: 'advanced',
      name: '辣条同好会',
      beInviteMode: 'noVerify',
      accounts: [me],
    });
    const { team: superTeam } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '零食全国群',
      beInviteMode: 'noVerify',
      accounts: [me],
    });
    const conversations = [
      { scene: 'p2p', to: me, mine: 'demo2', sessionId: 'p2p-demo2' },
      { scene: 'team', to: team.teamId, mine: team.teamId, sessionId: `team-${team.teamId}` },
      {
        scene: 'superTeam',
        to: superTeam.teamId,
        mine: superTeam.teamId,
        sessionId: `superTeam-${superTeam.teamId}`,
      },
    ] as const;
    // Missed while away.
    for (const c of conversations)
      for (const text of ['离线一', '离线二'])
        await bob.nim.sendText({ scene: c.scene, to: c.to, text: `${c.scene}${text}` });

    const alice = await suite.official(account, { extra: { syncSessionUnread: true } });
    // From the official client, then live from ours.
    for (const c of conversations) {
      await call(alice.nim, 'sendText', { scene: c.scene, to: c.mine, text: `${c.scene}回复` });
      await bob.nim.sendText({ scene: c.scene, to: c.to, text: `${c.scene}在线` });
    }
    for (let live = 0; live < conversations.length; live++) await alice.next('msg');

    // Histories: every message of each conversation, from both sides.
    for (const c of conversations) {
      const official = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
        scene: c.scene,
        to: c.mine,
        limit: 100,
      });
      const mine = await bob.nim.getHistoryMsgs({
        scene: c.scene,
        to: c.scene === 'p2p' ? me : c.to,
        limit: 100,
      });
      const texts = asHistory(official.msgs).filter((m) => m[1] === 'text');
      expect(texts.map((m) => m[2])).toEqual([
        `${c.scene}离线一`,
        `${c.scene}离线二`,
        `${c.scene}回复`,
        `${c.scene}在线`,
      ]);
      expect(asHistory(official.msgs)).toEqual(asHistory(mine.msgs as unknown as Msg[]));
    }

    // Sessions and unread counts: the official client's against the same account on our SDK.
    const officialSessions = await call<{ sessions: Session[] }>(alice.nim, 'getLocalSessions', {
      limit: 100,
    });
    const events = new Events();
    const device = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: me,
      token: account.token,
      ...events.callbacks(),
    });
    ours.push(device);
    await device.connect();
    await events.next('syncdone');
    const ourSessions = device.getLocalSessions() as unknown as Session[];
    expect(asSessions(officialSessions.sessions)).toEqual(asSessions(ourSessions));
    expect(asSessions(officialSessions.sessions).map((s) => s[0])).toEqual(
      conversations.map((c) => c.sessionId).sort(),
    );

    // Team member lists, from both sides.
    const teamMembers = await call<{ members: Member[] }>(alice.nim, 'getTeamMembers', {
      teamId: team.teamId,
    });
    expect(asMembers(teamMembers.members)).toEqual(
      asMembers((await bob.nim.getTeamMembers({ teamId: team.teamId })) as unknown as Member[]),
    );
    const superMembers = await call<{ members: Member[] }>(alice.nim, 'getAllSuperTeamMembers', {
      teamId: superTeam.teamId,
    });
    const ourSuperMembers = await bob.nim.getSuperTeamMembers({ teamId: superTeam.teamId });
    expect(asMembers(superMembers.members)).toEqual(
      asMembers(ourSuperMembers.members as unknown as Member[]),
    );
    expect(asMembers(superMembers.members).map((m) => m[0])).toEqual(['demo2', me]);
  });
});
