// "My prizes" of every campaign: the list, one prize's detail with how to use it, and the
// delivery address of a goods prize. Only the owner reads an award; any other id is 60003.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok } from '../product/index.ts';
import { currentUser, userId, type CampaignContext } from './context.ts';
import {
  awardDetail,
  changeAddress,
  listAwards,
  publicAward,
  requireOwnAward,
  submitAddress,
} from './kernel/awards.ts';
import { requireCampaign } from './kernel/window.ts';
import { Mobile } from './schemas.ts';

const CampaignParams = Type.Object({ campaign: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) });
const AwardParams = Type.Object({
  campaign: CampaignParams.properties.campaign,
  id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }),
});
const RegionCode = Type.String({ pattern: '^\\d{6}$' });
const AddressBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
  mobile: Mobile,
  provinceCode: Type.Optional(RegionCode),
  cityCode: Type.Optional(RegionCode),
  regionCode: RegionCode,
  detail: Type.String({ minLength: 4, maxLength: 120, pattern: '\\S' }),
});

export function registerAwardRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock, areas } = ctx.product;

  scope.get(
    '/api/campaign/:campaign/awards',
    { schema: { params: CampaignParams } },
    async (request) => {
      const { campaign } = request.params as Static<typeof CampaignParams>;
      await requireCampaign(db, campaign);
      const user = await currentUser(ctx, request);
      return ok((await listAwards(db, campaign, userId(user))).map(publicAward));
    },
  );

  scope.get(
    '/api/campaign/:campaign/awards/:id',
    { schema: { params: AwardParams } },
    async (request) => {
      const { campaign, id } = request.params as Static<typeof AwardParams>;
      await requireCampaign(db, campaign);
      const user = await currentUser(ctx, request);
      const award = await requireOwnAward(db, campaign, userId(user), Number(id));
      // The owner's own number in full, so the address form can prefill it (only the owner
      // reads this; the product API's user info masks it).
      return ok({ ...(await awardDetail(db, award, clock.now())), contactMobile: user.mobile });
    },
  );

  scope.post(
    '/api/campaign/:campaign/awards/:id/address',
    { schema: { params: AwardParams, body: AddressBody } },
    async (request) => {
      const { campaign, id } = request.params as Static<typeof AwardParams>;
      await requireCampaign(db, campaign);
      const user = await currentUser(ctx, request);
      const award = await requireOwnAward(db, campaign, userId(user), Number(id));
      const address = await submitAddress(
        db,
        areas,
        award,
        request.body as Static<typeof AddressBody>,
      );
      return ok({ id: Number(award.id), state: 'address_submitted', address });
    },
  );

  // Corrects a submitted address (its owner only; a prize without one yet is 60033).
  scope.put(
    '/api/campaign/:campaign/awards/:id/address',
    { schema: { params: AwardParams, body: AddressBody } },
    async (request) => {
      const { campaign, id } = request.params as Static<typeof AwardParams>;
      await requireCampaign(db, campaign);
      const user = await currentUser(ctx, request);
      const award = await requireOwnAward(db, campaign, userId(user), Number(id));
      const address = await changeAddress(
        db,
        areas,
        award,
        request.body as Static<typeof AddressBody>,
      );
      return ok({ id: Number(award.id), state: 'address_submitted', address });
    },
  );
}
