// The version page (/activity/update/index): per platform the latest release (the highest
// version, whatever the order the operator listed them in), the earlier ones newest first, where
// to install from and the oldest supported version. The page picks the visitor's platform.
import type { FastifyInstance } from 'fastify';
import { ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import { parseSettings, publicCampaign, requireCampaign } from '../kernel/window.ts';
import { compareVersions, type Release, type UpdateSettings } from './settings.ts';

export const UPDATE_CAMPAIGN = 'update';

function platformView(platform: UpdateSettings['ios']) {
  const releases = [...platform.releases]
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((r: Release) => ({ ...r, size: r.size ?? '' }));
  return {
    url: platform.url,
    minimumVersion: platform.minimumVersion ?? '',
    latest: releases[0] ?? null,
    history: releases.slice(1),
  };
}

export function registerUpdateRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  route(scope, 'update.page', async () => {
    const campaign = await requireCampaign(db, UPDATE_CAMPAIGN);
    const settings = parseSettings<UpdateSettings>(campaign);
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      appName: settings.appName,
      ios: platformView(settings.ios),
      android: platformView(settings.android),
    });
  });
}
