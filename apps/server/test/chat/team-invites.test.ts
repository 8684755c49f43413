// Group-chat invite links (docs/chat-pages.md) over real HTTP on both engines, with the real SDK:
// only a team's owner or a manager makes one; the join page reads the team through it; a forged,
// expired or orphaned link (its inviter no longer a manager) is refused; joining is the IM
// cloud's applyTeam, which keeps the team's join mode and size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../harness/index.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from '../campaigns/helpers.ts';
import { INVITE_TTL_MS } from '../../src/chat/invites.ts';

interface ImLogin {
  account: string;
  token: string;
}
interface Invite {
  teamId: string;
  token: string;
  expiresAt: number;
  path: string;
}

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`group-chat invite links (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const imOf = async (shopper: Shopper) =>
      data(await call<ImLogin>(s!.url, 'POST', '/api/chat/im-login', { ut: shopper.ut }));
    const connect = async (shopper: Shopper) => {
      const login = await imOf(shopper);
      return (await connectClient(s!, 0, { account: login.account, token: login.token })).nim;
    };
    const invite = (shopper: Shopper, teamId: string) =>
      call<Invite>(s!.url, 'POST', '/api/chat/team-invites', {
        ut: shopper.ut,
        body: { teamId },
      });
    const read = (shopper: Shopper, token: string) =>
      call(s!.url, 'GET', `/api/chat/team-invites/${token}`, { ut: shopper.ut });

    it('lets a manager invite, shows the team, and joins a free team by applyTeam', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const [owner, guest] = [await newShopper(s), await newShopper(s)];
      const ownerNim = await connect(owner);
      const { team } = await ownerNim.createTeam({
        type: 'advanced',
        name: '零食分享群',
        joinMode: 'noVerify',
        level: 10,
      });

      const made = data(await invite(owner, team.teamId));
      expect(made.path).toBe(
        `/activity/im/join?team=${team.teamId}&token=${encodeURIComponent(made.token)}`,
      );
      expect(made.expiresAt).toBe(s.clock.now() + INVITE_TTL_MS);
      // A non-member cannot make one, nor anyone for a team that does not exist.
      expect((await invite(guest, team.teamId)).body.code).toBe(65011);
      expect((await invite(owner, '999999999')).body.code).toBe(65010);

      expect(data(await read(guest, made.token))).toMatchObject({
        teamId: team.teamId,
        name: '零食分享群',
        memberCount: 1,
        capacity: 10,
        joinMode: 'noVerify',
        inviterNick: `用户${owner.mobile.slice(-4)}`,
        joined: false,
      });
      const guestNim = await connect(guest);
      await guestNim.applyTeam({ teamId: team.teamId });
      expect(data(await read(guest, made.token))).toMatchObject({ memberCount: 2, joined: true });
      await guestNim.destroy();
      await ownerNim.destroy();
    });

    it('refuses forged, expired and orphaned links, and visitors', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const [owner, manager, guest] = [
        await newShopper(s),
        await newShopper(s),
        await newShopper(s),
      ];
      const managerIm = await imOf(manager);
      const ownerNim = await connect(owner);
      const { team } = await ownerNim.createTeam({
        type: 'advanced',
        name: '审核群',
        joinMode: 'needVerify',
        beInviteMode: 'noVerify',
        accounts: [managerIm.account],
      });
      await ownerNim.addTeamManagers({ teamId: team.teamId, accounts: [managerIm.account] });
      const made = data(await invite(manager, team.teamId));
      expect(data(await read(guest, made.token))).toMatchObject({ joinMode: 'needVerify' });

      const [payload, signature] = made.token.split('.');
      const forged = `${payload}.${signature!.slice(0, -2)}AA`;
      expect((await read(guest, forged)).body.code).toBe(65012);
      expect((await call(s.url, 'GET', `/api/chat/team-invites/${made.token}`)).body.code).toBe(
        -331007,
      );
      expect((await read(guest, 'not-a-token')).body.code).toBe(10001);

      // No longer a manager: the link dies with the right to invite.
      await ownerNim.removeTeamManagers({ teamId: team.teamId, accounts: [managerIm.account] });
      expect((await read(guest, made.token)).body.code).toBe(65012);

      const fresh = data(await invite(owner, team.teamId));
      s.clock.advance(INVITE_TTL_MS + 1);
      expect((await read(guest, fresh.token)).body.code).toBe(65013);
      await ownerNim.destroy();
    });
  });
};

await onEachEngine(suite);
