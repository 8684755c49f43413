// The outlet declarations in the admin API: operators list them (waiting ones first by age) and
// approve or reject each once, a rejection with the reason the shopper is shown.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { CampaignContext } from '../../campaigns/index.ts';
import type { FileService } from '../../im/files/index.ts';
import { findApplication, listApplications, reviewApplication } from '../store/fullshop.ts';
import { adminApplicationView } from './views.ts';

const DEFAULT_LIMIT = 50;

export function registerFullshopAdminRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): void {
  const { db, clock } = ctx.product;
  route(scope, 'admin.fullshopApplications', async (request) => {
    const { status, limit } = request.query;
    const rows = await listApplications(db, status, limit ? Number(limit) : DEFAULT_LIMIT);
    return ok(rows.map((row) => adminApplicationView(files, row)));
  });

  route(scope, 'admin.fullshopReview', async (request) => {
    const id = Number(request.params.id);
    const { decision } = request.body;
    const reason = (request.body.reason ?? '').trim();
    if (decision === 'reject' && !reason) throw fail('rejectReasonMissing', { status: 400 });
    const found = await findApplication(db, id);
    if (!found) throw fail('applicationNotFound', { status: 404 });
    const reviewed = await reviewApplication(db, id, {
      status: decision === 'approve' ? 'approved' : 'rejected',
      rejectReason: decision === 'reject' ? reason : null,
      now: clock.now(),
    });
    if (!reviewed) throw fail('applicationReviewed', { status: 409 });
    return ok(adminApplicationView(files, (await findApplication(db, id))!));
  });
}
