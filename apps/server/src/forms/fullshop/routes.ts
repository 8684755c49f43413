// The outlet declaration's shopper routes (/activity/fullshop/*): the page (shop types, photo
// limits, the saved draft), saving and dropping the draft, submitting, and my declarations with
// their review outcome. One licence number has one declaration waiting or approved at a time.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
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
  type FullshopSettings,
} from '../../campaigns/index.ts';
import type { FileService } from '../../im/files/index.ts';
import { inTransaction, isUniqueViolation } from '../../store/index.ts';
import {
  deleteDraft,
  findDraft,
  findOwnApplication,
  insertApplication,
  listOwnApplications,
  saveDraft,
} from '../store/fullshop.ts';
import { checkedDeclaration, checkedDraft } from './checks.ts';
import { applicationView, draftView } from './views.ts';

export const FULLSHOP_CAMPAIGN = 'fullshop';

export function registerFullshopRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): void {
  const { db, clock, areas } = ctx.product;

  route(scope, 'fullshop.page', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, FULLSHOP_CAMPAIGN);
    const settings = parseSettings<FullshopSettings>(campaign);
    const user = await optionalUser(ctx, request);
    const draft = user ? await findDraft(db, userId(user)) : undefined;
    return ok({
      campaign: publicCampaign(campaign, now),
      shopTypes: settings.shopTypes,
      photos: settings.photos,
      reviewDays: settings.reviewDays,
      loggedIn: Boolean(user),
      draft: draft ? draftView(files, areas, draft) : null,
    });
  });

  route(scope, 'fullshop.saveDraft', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, FULLSHOP_CAMPAIGN);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const settings = parseSettings<FullshopSettings>(campaign);
    const uid = userId(user);
    const fields = await checkedDraft(request.body, { settings, areas, files, userId: uid });
    await saveDraft(db, uid, JSON.stringify(fields), now);
    return ok(
      draftView(files, areas, { user_id: uid, body: JSON.stringify(fields), updated_at: now }),
    );
  });

  route(scope, 'fullshop.deleteDraft', async (request) => {
    const user = await currentUser(ctx, request);
    await deleteDraft(db, userId(user));
    return ok(null);
  });

  route(scope, 'fullshop.submit', async (request) => {
    const now = clock.now();
    const campaign = await requireCampaign(db, FULLSHOP_CAMPAIGN);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const settings = parseSettings<FullshopSettings>(campaign);
    const uid = userId(user);
    const d = await checkedDeclaration(request.body, { settings, areas, files, userId: uid });
    try {
      const row = await inTransaction(db, async (trx) => {
        const inserted = await insertApplication(trx, {
          user_id: uid,
          status: 'pending',
          shop_type: d.shopType.key,
          shop_type_name: d.shopType.name,
          shop_name: d.shopName,
          contact_name: d.contactName,
          mobile: d.mobile,
          licence_no: d.licenceNo,
          province_code: d.area.provinceCode,
          province_name: d.area.provinceName,
          city_code: d.area.cityCode,
          city_name: d.area.cityName,
          region_code: d.area.regionCode,
          region_name: d.area.regionName,
          detail: d.detail,
          photos: JSON.stringify(d.photos),
          remark: d.remark,
          reject_reason: null,
          submitted_at: now,
          reviewed_at: null,
        });
        await deleteDraft(trx, uid);
        return inserted;
      });
      return ok(applicationView(files, row));
    } catch (error) {
      // The licence has a declaration waiting or approved (this shopper's or another's).
      if (isUniqueViolation(error)) throw fail('licenceTaken');
      throw error;
    }
  });

  route(scope, 'fullshop.mine', async (request) => {
    const user = await currentUser(ctx, request);
    const rows = await listOwnApplications(db, userId(user));
    return ok(rows.map((row) => applicationView(files, row)));
  });

  route(scope, 'fullshop.detail', async (request) => {
    const user = await currentUser(ctx, request);
    const row = await findOwnApplication(db, userId(user), Number(request.params.id));
    if (!row) throw fail('applicationNotFound');
    return ok(applicationView(files, row));
  });
}
