// The personal information collection list (/activity/userDataCollection/*): what the product
// collects, why and where (the operator's list), what it holds about the shopper now (masked),
// and requests for a copy or the deletion that operators fulfil in the admin API.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import {
  currentUser,
  parseSettings,
  publicCampaign,
  requireCampaign,
  userId,
  type CampaignContext,
  type PrivacySettings,
} from '../../campaigns/index.ts';
import type { FileService } from '../../im/files/index.ts';
import { findUserById } from '../../product/index.ts';
import { inTransaction, isUniqueViolation } from '../../store/index.ts';
import {
  deleteFormPersonalData,
  findPrivacyRequest,
  insertPrivacyRequest,
  listPrivacyRequests,
  markPrivacyRequestDone,
  ownPrivacyRequests,
  type PrivacyRequestRow,
} from '../store/privacy.ts';
import { exportData, heldData } from './held.ts';

export const PRIVACY_CAMPAIGN = 'privacy';

const requestView = (row: PrivacyRequestRow) => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  createdAt: Number(row.created_at),
  doneAt: row.done_at === null ? null : Number(row.done_at),
});
const adminRequestView = (row: PrivacyRequestRow) => ({
  ...requestView(row),
  userId: Number(row.user_id),
});

export function registerPrivacyRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): void {
  const { db, clock } = ctx.product;

  route(scope, 'privacy.list', async () => {
    const campaign = await requireCampaign(db, PRIVACY_CAMPAIGN);
    const { items } = parseSettings<PrivacySettings>(campaign);
    return ok({ campaign: publicCampaign(campaign, clock.now()), items });
  });

  route(scope, 'privacy.mine', async (request) => {
    const user = await currentUser(ctx, request);
    return ok({
      held: await heldData({ db, files, user }),
      requests: (await ownPrivacyRequests(db, userId(user))).map(requestView),
    });
  });

  route(scope, 'privacy.request', async (request) => {
    const user = await currentUser(ctx, request);
    try {
      const row = await insertPrivacyRequest(db, userId(user), request.body.kind, clock.now());
      return ok(requestView(row));
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('privacyRequestPending');
      throw error;
    }
  });
}

export function registerPrivacyAdminRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): void {
  const { db, clock } = ctx.product;

  route(scope, 'admin.privacyRequests', async (request) => {
    return ok((await listPrivacyRequests(db, request.query.status)).map(adminRequestView));
  });

  route(scope, 'admin.privacyFulfil', async (request) => {
    const id = Number(request.params.id);
    const found = await findPrivacyRequest(db, id);
    if (!found) throw fail('privacyRequestNotFound', { status: 404 });
    if (found.status === 'done') throw fail('privacyRequestDone', { status: 409 });
    const user = await findUserById(db, Number(found.user_id));
    if (!user) throw fail('privacyRequestNotFound', { status: 404 });
    const copy = found.kind === 'export' ? await exportData({ db, files, user }) : null;
    const done = await inTransaction(db, async (trx) => {
      if (!(await markPrivacyRequestDone(trx, id, clock.now()))) return false;
      if (found.kind === 'delete') await deleteFormPersonalData(trx, Number(found.user_id));
      return true;
    });
    if (!done) throw fail('privacyRequestDone', { status: 409 });
    return ok({ request: adminRequestView((await findPrivacyRequest(db, id))!), export: copy });
  });
}
