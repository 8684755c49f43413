// The activity sign-up (/activity/apply/index): name, mobile, party size and a remark, once per
// shopper and per mobile; the page then shows the confirmation.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { applyProblems, normaliseMobile } from '@morsel/api/forms';
import { route } from '../../api/index.ts';
import {
  currentUser,
  optionalUser,
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
  userId,
  type ApplySettings,
  type CampaignContext,
} from '../../campaigns/index.ts';
import { recordEntry, refuseFields } from '../entries.ts';
import { ownEntries, type FormEntryRow } from '../store/entries.ts';

export const APPLY_CAMPAIGN = 'apply';
export const APPLY_FORM = 'apply';

export function applyEntryView(row: FormEntryRow) {
  const fields = JSON.parse(row.fields) as { people: number; remark: string };
  return {
    id: Number(row.id),
    name: row.name,
    mobile: row.mobile,
    people: fields.people,
    remark: fields.remark,
    createdAt: Number(row.created_at),
  };
}

export function registerApplyRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'apply.page', async (request) => {
    const campaign = await requireCampaign(db, APPLY_CAMPAIGN);
    const settings = parseSettings<ApplySettings>(campaign);
    const user = await optionalUser(ctx, request);
    const mine = user ? await ownEntries(db, userId(user), [APPLY_FORM]) : [];
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      maxPeople: settings.maxPeople,
      loggedIn: Boolean(user),
      mine: mine[0] ? applyEntryView(mine[0]) : null,
    });
  });

  route(scope, 'apply.submit', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, APPLY_CAMPAIGN);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const { maxPeople } = parseSettings<ApplySettings>(campaign);
    const body = request.body;
    // A form body carries the party size as digits.
    const people = body.people === undefined ? undefined : Number(body.people);
    refuseFields(applyProblems({ ...body, people }, maxPeople));
    const row = await recordEntry(
      db,
      {
        form: APPLY_FORM,
        userId: userId(user),
        name: body.name!.trim(),
        mobile: normaliseMobile(body.mobile!),
        fields: { people: people!, remark: (body.remark ?? '').trim() },
        now,
      },
      'signUpDuplicate',
    );
    return ok(applyEntryView(row));
  });
}
