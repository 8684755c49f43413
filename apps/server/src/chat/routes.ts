// Chat in the app's product routes (docs/chat-pages.md): the shopper's IM login, and group-chat
// invite links (made by a team's owner or a manager, read by the join page).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { hitCounter, requireUser, type ProductContext } from '../product/index.ts';
import { LBS_PATH } from '../im/gateway/index.ts';
import { isManager, type TeamStore } from '../im/teams/index.ts';
import { INVITE_TTL_MS, readInvite, signInvite } from './invites.ts';
import type { ShopperAccounts } from './shopper-accounts.ts';

/** IM logins a shopper may ask for in a minute: every tab and reconnection asks once. */
export const IM_LOGINS_PER_MINUTE = 30;
/** Invite links a shopper may make in a minute. */
export const INVITES_PER_MINUTE = 10;

export interface ChatRouteDeps {
  product: ProductContext;
  shoppers: ShopperAccounts;
  teams: TeamStore;
}

export function registerChatRoutes(scope: FastifyInstance, deps: ChatRouteDeps): void {
  const { product, shoppers, teams } = deps;

  /** The shopper, counted against a per-minute limit of `key`. */
  async function limitedShopper(request: FastifyRequest, key: string, perMinute: number) {
    const user = await requireUser(product, request);
    const now = product.clock.now();
    const { count } = await hitCounter(product.db, `${key}:${user.id}`, now, now + 60_000);
    if (count > perMinute) throw fail('tooManyRequests');
    return { ...user, id: Number(user.id) };
  }

  /** A valid team (not a super team, not dismissed), or 65010. */
  async function teamOf(appKey: string, teamId: string) {
    const team = await teams.team(appKey, teamId);
    if (!team || team.valid !== 1 || team.kind !== 'team') throw fail('chatTeamNotFound');
    return team;
  }

  route(scope, 'chat.imLogin', async (request) => {
    const user = await limitedShopper(request, 'chat.imLogin', IM_LOGINS_PER_MINUTE);
    const login = await shoppers.login(user);
    return ok({ ...login, lbsUrl: LBS_PATH });
  });

  route(scope, 'chat.createTeamInvite', async (request) => {
    const user = await limitedShopper(request, 'chat.invite', INVITES_PER_MINUTE);
    const { appKey, account } = await shoppers.login(user);
    const team = await teamOf(appKey, request.body.teamId);
    const member = await teams.member(appKey, team.id, account);
    if (!member || member.valid !== 1 || !isManager(member)) throw fail('chatNotTeamManager');
    const expiresAt = product.clock.now() + INVITE_TTL_MS;
    const secret = await shoppers.appSecret();
    const teamId = String(team.id);
    const token = signInvite(secret, appKey, { teamId, inviter: account, expiresAt });
    const path = `/activity/im/join?${new URLSearchParams({ team: teamId, token }).toString()}`;
    return ok({ teamId, token, expiresAt, path });
  });

  route(scope, 'chat.teamInvite', async (request) => {
    const user = await requireUser(product, request);
    const { appKey, account } = await shoppers.login({ ...user, id: Number(user.id) });
    const claims = readInvite(await shoppers.appSecret(), appKey, request.params.token);
    if (!claims) throw fail('chatInviteInvalid');
    if (claims.expiresAt <= product.clock.now()) throw fail('chatInviteExpired');
    const team = await teamOf(appKey, claims.teamId);
    // A link lives as long as its inviter may invite.
    const inviter = await teams.member(appKey, team.id, claims.inviter);
    if (!inviter || inviter.valid !== 1 || !isManager(inviter)) throw fail('chatInviteInvalid');
    const mine = await teams.member(appKey, team.id, account);
    const joinMode = (['noVerify', 'needVerify', 'rejectAll'] as const).find(
      (mode) => mode === team.join_mode,
    );
    return ok({
      teamId: String(team.id),
      name: team.name,
      avatar: team.avatar,
      intro: team.intro,
      memberCount: Number(team.member_num),
      capacity: Number(team.level),
      joinMode: joinMode ?? 'rejectAll',
      inviterNick: (await shoppers.nickOf(claims.inviter)) || claims.inviter,
      expiresAt: claims.expiresAt,
      joined: mine?.valid === 1,
    });
  });
}
