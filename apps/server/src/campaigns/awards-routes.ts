// "My prizes" of every campaign: the list, one prize's detail with how to use it, the delivery
// address of a goods prize and the confirmation that it arrived. Only the owner reads an award;
// any other id is 60003.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { currentUser, userId, type CampaignContext } from './context.ts';
import {
  awardDetail,
  confirmReceipt,
  listAwards,
  publicAward,
  requireOwnAward,
  saveAddress,
} from './kernel/awards.ts';
import { requireAwardsCampaign } from './kernel/window.ts';

export function registerAwardRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock, areas } = ctx.product;

  route(scope, 'awards.list', async (request) => {
    const { campaign } = request.params;
    await requireAwardsCampaign(db, campaign);
    const user = await currentUser(ctx, request);
    return ok((await listAwards(db, campaign, userId(user))).map(publicAward));
  });

  route(scope, 'awards.detail', async (request) => {
    const { campaign, id } = request.params;
    const { kind } = await requireAwardsCampaign(db, campaign);
    const user = await currentUser(ctx, request);
    const award = await requireOwnAward(db, campaign, userId(user), Number(id));
    // The owner's own number in full, so the address form can prefill it (only the owner reads
    // this; the product API's user info masks it). The kind names the pages to go back to.
    return ok({
      ...(await awardDetail(db, award, clock.now())),
      contactMobile: user.mobile,
      campaignKind: kind,
    });
  });

  // The winner confirms a shipped goods prize arrived (decision 0038).
  route(scope, 'awards.confirmReceipt', async (request) => {
    const { campaign, id } = request.params;
    await requireAwardsCampaign(db, campaign);
    const user = await currentUser(ctx, request);
    const award = await requireOwnAward(db, campaign, userId(user), Number(id));
    return ok(await confirmReceipt(db, award, clock.now()));
  });

  // The first address, and a correction of it (its owner only; a prize without one is 60033).
  for (const [name, write] of [
    ['awards.address', 'first'],
    ['awards.changeAddress', 'correction'],
  ] as const) {
    route(scope, name, async (request) => {
      const { campaign, id } = request.params;
      await requireAwardsCampaign(db, campaign);
      const user = await currentUser(ctx, request);
      const award = await requireOwnAward(db, campaign, userId(user), Number(id));
      const address = await saveAddress(db, areas, award, request.body, write);
      return ok({ id: Number(award.id), state: 'address_submitted', address });
    });
  }
}
