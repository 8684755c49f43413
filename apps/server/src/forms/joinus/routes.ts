// "加入我们" (/activity/joinus/*): the franchise (merchant) and supply (supplier) tracks as the
// operator configured them, and one application per track from each shopper and each mobile.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { joinusProblems, normaliseMobile, type JoinusInput } from '@morsel/api/forms';
import { route } from '../../api/index.ts';
import {
  currentUser,
  optionalUser,
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
  userId,
  type CampaignContext,
  type JoinusSettings,
} from '../../campaigns/index.ts';
import type { AreaIndex } from '../../product/index.ts';
import { recordEntry, refuseFields } from '../entries.ts';
import { ownEntries, type FormEntryRow } from '../store/entries.ts';

export const JOINUS_CAMPAIGN = 'joinus';
const TRACKS = ['merchant', 'supplier'] as const;
type Track = (typeof TRACKS)[number];

interface JoinusFields {
  company: string;
  choice: string;
  area: NonNullable<ReturnType<AreaIndex['completeInfo']>>;
  message: string;
}

export function joinusEntryView(row: FormEntryRow) {
  const fields = JSON.parse(row.fields) as JoinusFields;
  return {
    id: Number(row.id),
    track: row.form.slice('joinus-'.length) as Track,
    name: row.name,
    mobile: row.mobile,
    company: fields.company,
    choice: fields.choice,
    area: fields.area,
    message: fields.message,
    createdAt: Number(row.created_at),
  };
}

export function registerJoinusRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock, areas } = ctx.product;

  route(scope, 'joinus.page', async (request) => {
    const campaign = await requireCampaign(db, JOINUS_CAMPAIGN);
    const settings = parseSettings<JoinusSettings>(campaign);
    const user = await optionalUser(ctx, request);
    const mine = user
      ? await ownEntries(
          db,
          userId(user),
          TRACKS.map((t) => `joinus-${t}`),
        )
      : [];
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      tracks: TRACKS.map((key) => ({ key, ...settings[key] })),
      loggedIn: Boolean(user),
      mine: mine.map(joinusEntryView),
    });
  });

  route(scope, 'joinus.submit', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, JOINUS_CAMPAIGN);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const { track } = request.params;
    const rules = parseSettings<JoinusSettings>(campaign)[track];
    const input: JoinusInput = request.body;
    const problems = joinusProblems(input, rules);
    const area = input.regionCode ? areas.completeInfo(input.regionCode) : undefined;
    if (input.regionCode && !area) problems.regionCode ??= '所选地区不存在，请重新选择';
    refuseFields(problems);
    const row = await recordEntry(
      db,
      {
        form: `joinus-${track}`,
        userId: userId(user),
        name: input.name!.trim(),
        mobile: normaliseMobile(input.mobile!),
        fields: {
          company: (input.company ?? '').trim(),
          choice: input.choice!,
          area: area!,
          message: (input.message ?? '').trim(),
        } satisfies JoinusFields,
        now,
      },
      'entryDuplicate',
    );
    return ok(joinusEntryView(row));
  });
}
